import sys
cache={}
for l in open('/work/judge/cache.txt'):
    k,_,e=l.rstrip('\n').rpartition(' '); cache[k]=e
pos=[l.split() for l in open('/work/judge/pos-v.txt')]
def bl(f):
    A={int(x[0]):x for x in (l.split() for l in open(f))}
    r=set()
    for k,p in enumerate(pos):
        eb=cache.get(' '.join(p),'none'); ea=cache.get(' '.join(p+[A[k][1]]),'none')
        if eb!='none' and 'M' not in eb and ea.startswith('+M'): r.add(k)
    return r
a=bl(sys.argv[1])
for f in sys.argv[2:]:
    b=bl(f); print(f, len(a), len(b), 'only base', len(a-b), 'only this', len(b-a))
