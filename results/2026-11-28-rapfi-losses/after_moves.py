# Phase 1: for each game NAME lost, Rapfi's eval after each of NAME's moves. args: games.jsonl(.gz) NAME OUT ms
import json, sys, gzip
from concurrent.futures import ThreadPoolExecutor
sys.path.insert(0, '/tmp/ana'); from rapfi_eval import rapfi_eval
src, name, out, ms = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
op = gzip.open if src.endswith('.gz') else open
rows = [json.loads(l) for l in op(src, 'rt')]
jobs = []
for r in rows:
    if r['winner'] not in ('black', 'white') or r[r['winner']] == name: continue
    color = 'black' if r['black'] == name else 'white'
    mv = r['moves'].split()
    for i in range(r['opening_stones'], len(mv)):
        if (i % 2 == 0) == (color == 'black'):
            jobs.append((r['id'], color, i, mv[:i + 1], r['size'], r['rule']))
def run(j):
    gid, color, i, moves, size, rule = j
    return dict(game=gid, color=color, ply=i, move=moves[-1], **rapfi_eval(size, rule, moves, ms))
with ThreadPoolExecutor(2) as ex, open(out, 'w') as f:
    for res in ex.map(run, jobs):
        f.write(json.dumps(res) + '\n'); f.flush()
