# attack.py BRAIN MS [NODES]: how many of after.txt's positions the brain proves won, and in what time
import sys
from think import think
brain=sys.argv[1]; ms=int(sys.argv[2]); nodes=int(sys.argv[3]) if len(sys.argv)>3 else 0
found=0
for l in open('after.txt'):
    k,m=l.rstrip('\n').split('\t')
    out=think(brain,m.split(),ms,nodes)
    last=[x for x in out if x.startswith('MESSAGE depth') and ' eval ' in x]
    f=[x for x in last if int(x.split()[4])>=20000]
    found+=bool(f)
    print(k,'found' if f else 'not', f[0].split()[2] if f else '', f[0].split()[6] if f else '', last[-1].split()[2] if last else '',flush=True)
print('found',found,'of 34')
