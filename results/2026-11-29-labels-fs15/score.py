import json, sys, math, gzip
src, name = sys.argv[1], sys.argv[2]
op = gzip.open if src.endswith('.gz') else open
w = l = d = 0; fouls = 0
for line in op(src, 'rt'):
    r = json.loads(line)
    if r['winner'] in ('black', 'white'):
        if r[r['winner']] == name: w += 1
        else: l += 1
    else: d += 1
n = w + l + d
if n == 0: print('no games'); sys.exit()
s = (w + d / 2) / n
var = (w * (1 - s) ** 2 + l * s ** 2 + d * (0.5 - s) ** 2) / n
se = math.sqrt(var / n)
elo = lambda p: -400 * math.log10(1 / min(max(p, 1e-6), 1 - 1e-6) - 1)
print(f'{name}: {n} games +{w} -{l} ={d} {100*s:.1f}% Elo {elo(s):+.0f} +- {(elo(s+1.96*se)-elo(s-1.96*se))/2:.0f}')
