# Phase 2: per lost game, the first of Gamok's moves after which Rapfi (300 ms) sees a win, and
# Rapfi's evals before it. args: phase1.jsonl
import json, sys, re
from collections import defaultdict
sys.path.insert(0, '/tmp/ana'); from rapfi_eval import mate
rows = defaultdict(list)
for l in open(sys.argv[1]):
    r = json.loads(l); rows[r['game']].append(r)
def num(ev):
    if ev is None: return 30000
    m = mate(ev)
    if m is not None: return 30000 if m > 0 else -30000
    return int(ev)
out = []
for g, rs in sorted(rows.items()):
    rs.sort(key=lambda r: r['ply'])
    first = next((i for i, r in enumerate(rs) if r['eval'] is None or (mate(r['eval']) or 0) > 0), None)
    evs = [num(r['eval']) for r in rs]
    first300 = next((i for i, e in enumerate(evs) if e >= 300), None)
    out.append(dict(game=g, color=rs[0]['color'], moves=len(rs), first_mate=first,
                    mate_ply=rs[first]['ply'] if first is not None else None,
                    eval_before=evs[first - 1] if first else None, first_300=first300,
                    evs=evs[:first + 1 if first is not None else None]))
for o in out: print(json.dumps(o))
