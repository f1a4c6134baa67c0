# For games where Rapfi's eval (after Gamok's move, Rapfi to move) first reached +300 early: the position
# before that move, Rapfi's own choice there (1 s, Gamok's side) and its eval after Gamok's actual move.
import json, sys
sys.path.insert(0, '/tmp/ana'); from rapfi_eval import rapfi_eval
games = {json.loads(l)['id']: json.loads(l) for l in open('/tmp/ana/rapfi3262.jsonl')}
ph1 = {}
for l in open('/tmp/ana/phase1.jsonl'):
    r = json.loads(l); ph1.setdefault(r['game'], []).append(r)
out = []
for l in open('/tmp/ana/phase2.jsonl'):
    p = json.loads(l)
    k = p['first_300']
    if k is None or k > 5: continue
    rs = sorted(ph1[p['game']], key=lambda r: r['ply'])
    r = rs[k]; g = games[p['game']]; mv = g['moves'].split()
    before = mv[:r['ply']]
    prev = rs[k - 1]['eval'] if k > 0 else None
    rp = rapfi_eval(15, 0, before, 1000)
    out.append(dict(game=p['game'], color=p['color'], ply=r['ply'], gamok_move=r['move'],
                    eval_after_gamok=r['eval'], eval_after_prev_gamok=prev,
                    rapfi_choice=rp['played'], rapfi_eval_for_gamok=rp['eval'], moves=before))
    print(json.dumps(out[-1]), flush=True)
