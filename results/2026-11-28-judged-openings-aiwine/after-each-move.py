# For each game lost by GAMOK as white (or black): Rapfi's eval (for the side to move = opponent)
# after each of Gamok's moves. Usage: ana.py results.jsonl NAME OUT.jsonl [ms]
import json, sys, subprocess, re
from concurrent.futures import ThreadPoolExecutor
src, name, out = sys.argv[1], sys.argv[2], sys.argv[3]
ms = int(sys.argv[4]) if len(sys.argv) > 4 else 1000
RAPFI = '/work/main/build/opponents/pbrain-rapfi'
def evaluate(size, rule, moves):
    tomove = len(moves) % 2  # 0 black to move
    lines = [f'START {size}', f'INFO timeout_turn {ms}', 'INFO timeout_match 100000000', f'INFO rule {rule}', 'BOARD']
    for i, m in enumerate(moves):
        own = 1 if i % 2 == tomove else 2
        lines.append(f'{m},{own}')
    lines += ['DONE', 'END']
    p = subprocess.run([RAPFI], input='\n'.join(lines) + '\n', capture_output=True, text=True,
                       cwd='/work/main/build/opponents', timeout=60)
    ev, best, depth = None, None, None
    for l in p.stdout.splitlines():
        m = re.search(r'Depth (\S+) \| Eval (\S+) .*\| Time \d+ms \| (\S+)', l)
        if m: depth, ev, best = m.group(1), m.group(2), m.group(3)
        elif re.match(r'^\d+,\d+$', l): played = l
    return ev, depth, best
rows = [json.loads(l) for l in open(src)]
jobs = []
for r in rows:
    if r['winner'] not in ('black','white') or r[r['winner']] == name: continue
    color = 'black' if r['black'] == name else 'white'
    mv = r['moves'].split()
    k0 = r['opening_stones']
    mine = [i for i in range(k0, len(mv)) if (i % 2 == 0) == (color == 'black')]
    for i in mine:
        jobs.append((r['id'], color, i, mv[:i + 1], mv[i], r['size'], r['rule']))
def run(j):
    gid, color, i, moves, m, size, rule = j
    ev, depth, best = evaluate(size, rule, moves)
    return dict(game=gid, color=color, ply=i, move=m, opp_eval=ev, depth=depth, opp_best=best)
with ThreadPoolExecutor(2) as ex, open(out, 'w') as f:
    for res in ex.map(run, jobs):
        f.write(json.dumps(res) + '\n'); f.flush()
