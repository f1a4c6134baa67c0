# log loss of labels (prob at scale 500) against the game results, rescaled; args: labels file
import sys, math
pairs = []  # (eval or None, decided sign, won)
for line in open(sys.argv[1]):
    if '|' not in line: continue
    game, lab = line.rsplit('|', 1)
    p = game.split(); res = p[3]
    for t in lab.split():
        ply, pr = t.split(':'); ply = int(ply); pr = float(pr)
        side_black = ply % 2 == 0  # stones on board even -> black to move
        won = (res == 'B') == side_black
        if res not in ('B', 'W'): continue
        if abs(pr - 0.94) < 1e-6 or abs(pr - 0.06) < 1e-6:
            pairs.append((None, 1 if pr > 0.5 else -1, won))
        else:
            pr = min(max(pr, 0.0005), 0.9995); pairs.append((500 * math.log(pr / (1 - pr)), 0, won))
dec = [x for x in pairs if x[0] is None]
print('positions', len(pairs), 'decided', len(dec), 'found-win won', sum(w for e, s, w in dec if s > 0) / max(1, sum(1 for e, s, w in dec if s > 0)),
      'found-loss won', sum(w for e, s, w in dec if s < 0) / max(1, sum(1 for e, s, w in dec if s < 0)))
und = [x for x in pairs if x[0] is not None]
for sc in (200, 300, 400, 500, 600, 800, 1000):
    ll = 0
    for e, s, w in und:
        q = 1 / (1 + math.exp(-e / sc)); q = min(max(q, 1e-6), 1 - 1e-6)
        ll -= math.log(q if w else 1 - q)
    print(sc, round(ll / len(und), 4))
