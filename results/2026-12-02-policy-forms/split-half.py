import re, sys
MOVE = re.compile(r'([a-z])(\d+)')
BOARD_MAX = 22
def key(rule, size, moves):
    h = 1469598103934665603
    words = [rule, size] + [y * BOARD_MAX + x for x, y in moves]
    for w in words:
        for b in range(4):
            h ^= (w >> (8 * b)) & 0xFF
            h = (h * 1099511628211) & (2**64 - 1)
    return h
def held(line):
    p = line.split()
    moves = [(ord(a) - 97, int(b) - 1) for a, b in MOVE.findall(p[7].split('|')[0])]
    return key(int(p[0]), int(p[1]), moves) % 10 == 0
# usage: split.py IN OUT keep_mod keep_rem  -- keeps held-out games, and training games i % mod == rem
inp, out, mod, rem = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
i = 0; nh = nk = 0
with open(out, 'w') as f:
    for line in open(inp):
        if line.startswith('#') or len(line.split()) < 8:
            f.write(line); continue
        if held(line):
            f.write(line); nh += 1
        else:
            if i % mod == rem: f.write(line); nk += 1
            i += 1
print(inp, 'held', nh, 'kept train', nk, 'of', i, file=sys.stderr)
