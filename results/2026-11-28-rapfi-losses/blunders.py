# The positions where Gamok's move let Rapfi prove a win (300 ms) though Rapfi (1 s, on Gamok's side)
# finds a move there that it does not see lost, and its eval after Gamok's previous move was at most +300.
import json, sys
sys.path.insert(0, '/tmp/ana'); from rapfi_eval import rapfi_eval, mate
games = {json.loads(l)['id']: json.loads(l) for l in open('/tmp/ana/rapfi3262.jsonl')}
ph1 = {}
for l in open('/tmp/ana/phase1.jsonl'):
    r = json.loads(l); ph1.setdefault(r['game'], []).append(r)
for l in open('/tmp/ana/phase2.jsonl'):
    p = json.loads(l)
    k = p['first_mate']
    if k is None or (k > 0 and p['eval_before'] > 300): continue
    rs = sorted(ph1[p['game']], key=lambda r: r['ply'])
    r = rs[k]; g = games[p['game']]; mv = g['moves'].split()
    before = mv[:r['ply']]
    rp = rapfi_eval(15, 0, before, 1000)
    m = mate(rp['eval'])
    if (m is not None and m < 0) or rp['played'] == r['move']: continue
    print(json.dumps(dict(game=p['game'], color=p['color'], ply=r['ply'], gamok_move=r['move'],
                          after=r['eval'], rapfi_choice=rp['played'], rapfi_eval=rp['eval'],
                          moves=before)), flush=True)
