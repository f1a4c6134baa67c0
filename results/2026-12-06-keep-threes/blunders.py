import math,sys
sys.path.insert(0,'.')
from think import think
cache={}
for l in open('/work/judge/cache.txt'):
    k,_,e=l.rstrip('\n').rpartition(' '); cache[k]=e
pos=[l.split() for l in open('/work/judge/pos-v.txt')]
A={int(x[0]):x for x in (l.split() for l in open(sys.argv[1]))}
rows=[]
for k,p in enumerate(pos):
    eb=cache.get(' '.join(p),'none'); ea=cache.get(' '.join(p+[A[k][1]]),'none')
    if eb=='none' or 'M' in eb or not ea.startswith('+M'): continue
    rows.append((k,p,A[k][1],eb,ea))
print(len(rows),'blunders into a Rapfi mate',flush=True)
if len(sys.argv)>2:
    for k,p,m,eb,ea in rows:
        out=think(sys.argv[2],p+[m],1000)
        last=[l for l in out if l.startswith('MESSAGE depth') and ' eval ' in l]
        found=[l for l in last if int(l.split()[4])>=20000]
        print(k,eb,ea,'found' if found else 'not', found[0].split()[2] if found else '', found[0].split()[8] if found else '', last[-1].split()[2] if last else '',flush=True)
