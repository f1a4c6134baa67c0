# rescale labels written at scale 500 / decided 0.94 to SCALE / DECIDED; args: in SCALE DECIDED
import sys, math
src, scale, dec = sys.argv[1], float(sys.argv[2]), float(sys.argv[3])
for line in open(src):
    if '|' not in line: sys.stdout.write(line); continue
    game, lab = line.rstrip('\n').rsplit('|', 1)
    out = []
    for t in lab.split():
        ply, pr = t.split(':'); pr = float(pr)
        if abs(pr - 0.94) < 1e-9: q = dec
        elif abs(pr - 0.06) < 1e-9: q = 1 - dec
        else:
            pr = min(max(pr, 0.0005), 0.9995)
            q = 1 / (1 + math.exp(-math.log(pr / (1 - pr)) * 500 / scale))
        out.append(f'{ply}:{q:.3f}')
    sys.stdout.write(game + '| ' + ' '.join(out) + '\n')
