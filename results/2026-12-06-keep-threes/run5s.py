import sys
from think import think
for l in open('after.txt'):
    k,m=l.rstrip('\n').split('\t')
    out=think(sys.argv[1],m.split(),int(sys.argv[2]))
    last=[x for x in out if x.startswith('MESSAGE depth') and ' eval ' in x]
    found=[x for x in last if int(x.split()[4])>=20000]
    print(k,'found' if found else 'not', found[0].split()[2] if found else '', found[0].split()[8] if found else '', last[-1].split()[2] if last else '', out[-1], flush=True)
