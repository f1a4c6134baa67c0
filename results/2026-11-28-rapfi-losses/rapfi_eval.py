# Rapfi's eval (for the side to move) of a freestyle position given as moves in game order.
import re, subprocess
RAPFI = '/work/main/build/opponents/pbrain-rapfi'
def rapfi_eval(size, rule, moves, ms):
    tomove = len(moves) % 2
    lines = [f'START {size}', f'INFO timeout_turn {ms}', 'INFO timeout_match 100000000', f'INFO rule {rule}', 'BOARD']
    for i, m in enumerate(moves):
        lines.append(f'{m},{1 if i % 2 == tomove else 2}')
    lines += ['DONE', 'END']
    p = subprocess.run([RAPFI], input='\n'.join(lines) + '\n', capture_output=True, text=True,
                       cwd='/work/main/build/opponents', timeout=60)
    ev = depth = best = played = None
    for l in p.stdout.splitlines():
        m = re.search(r'Depth (\S+) \| Eval (\S+) .*\| Time \d+ms \| (\S+)', l)
        if m: depth, ev, best = m.group(1), m.group(2), m.group(3)
        elif re.match(r'^\d+,\d+$', l): played = l
    return dict(eval=ev, depth=depth, pv=best, played=played)
def mate(ev):
    """+n for a proven win of the side to move in n, -n for a loss, None otherwise."""
    if ev is None: return None
    m = re.match(r'([+-])M(\d+)', ev)
    return None if not m else (int(m.group(2)) if m.group(1) == '+' else -int(m.group(2)))
