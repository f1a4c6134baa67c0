# Rapfi's eval of the position before Gamok's first move (after ply 5) in each lost game, and of the opening.
import json, sys, importlib.util
spec = importlib.util.spec_from_file_location('ana', '/tmp/blunder/ana.py')
src = open('/tmp/blunder/ana.py').read().split('rows = [json.loads')[0]
ns = {}; sys.argv = ['x', 'a', 'b', 'c', sys.argv[1]]; exec(src, ns)
from concurrent.futures import ThreadPoolExecutor
rows = [json.loads(l) for l in open('lostblack.jsonl')]
def run(r):
    mv = r['moves'].split()
    a = ns['evaluate'](r['size'], r['rule'], mv[:5])
    b = ns['evaluate'](r['size'], r['rule'], mv[:6])
    return r['id'], r['opening'], mv[5], mv[6], a, b
with ThreadPoolExecutor(2) as ex:
    for res in ex.map(run, rows):
        print(json.dumps(res), flush=True)
