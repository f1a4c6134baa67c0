# the positions after main's blunders into Rapfi mates, one per line
import sys
cache={}
for l in open('/work/judge/cache.txt'):
    k,_,e=l.rstrip('\n').rpartition(' '); cache[k]=e
pos=[l.split() for l in open('/work/judge/pos-v.txt')]
A={int(x[0]):x for x in (l.split() for l in open(sys.argv[1]))}
for k,p in enumerate(pos):
    eb=cache.get(' '.join(p),'none'); ea=cache.get(' '.join(p+[A[k][1]]),'none')
    if eb=='none' or 'M' in eb or not ea.startswith('+M'): continue
    print(k,' '.join(p+[A[k][1]]),sep='\t')
