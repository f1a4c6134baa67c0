#!/usr/bin/env python3
"""For each trap of tests/positions/depth_traps.txt: the position after the avoided move, the
opponent to move; how long the brain takes to prove its win (MESSAGE depth lines, timed)."""
import subprocess, sys, time, select, os
brain, ms = sys.argv[1], int(sys.argv[2])
only_trapped = set(sys.argv[3].split(',')) if len(sys.argv) > 3 else None
def positions(path):
    cur = None
    for line in open(path):
        line = line.rstrip('\n')
        if line.startswith('#'): continue
        if line.startswith('name:'): cur = {'name': line[5:].strip(), 'rows': []}
        elif line.startswith('to_move:'): cur['to_move'] = line.split()[1]
        elif line.startswith('avoid:'): cur['avoid'] = tuple(map(int, line.split()[1].split(',')))
        elif line.startswith('board:'): cur['inboard'] = True
        elif line == '---' or line == '':
            if cur and cur.get('rows'): yield cur; cur = None if line == '---' else cur
            if cur: cur['inboard'] = False
        elif cur and cur.get('inboard'): cur['rows'].append(line)
    if cur and cur.get('rows'): yield cur
for p in positions('tests/positions/depth_traps.txt'):
    if only_trapped and p['name'] not in only_trapped: continue
    me = p['to_move']; opp = 'O' if me == 'X' else 'X'
    x, y = p['avoid']
    rows = [list(r) for r in p['rows']]
    rows[y][x] = me
    # now opp to move: own = opp
    cmds = ['START 15', 'INFO rule 0', f'INFO timeout_turn {ms}', 'INFO timeout_match 0', 'BOARD']
    for yy, r in enumerate(rows):
        for xx, c in enumerate(r):
            if c in 'XO': cmds.append(f'{xx},{yy},{1 if c == opp else 2}')
    cmds.append('DONE')
    pr = subprocess.Popen([brain, '--threads', '1'] + os.environ.get('BRAIN_ARGS', '').split(), stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
    t0 = None
    for c in cmds:
        pr.stdin.write(c + '\n')
        if c == 'DONE': t0 = time.time()
    pr.stdin.flush()
    found = None; last = ''
    while True:
        line = pr.stdout.readline()
        if not line: break
        line = line.strip(); t = time.time() - t0
        if line.startswith('MESSAGE depth'):
            last = f'{t:.2f}s {line[8:]}'
            f = line.split()
            if found is None and int(f[4]) >= 20000: found = last
        elif not line.startswith('MESSAGE') and ',' in line and t > 0.01:
            break
    pr.stdin.write('END\n'); pr.stdin.flush(); pr.wait()
    print(f"{p['name']:45s} proof: {found or 'none'} | last: {last}", flush=True)
