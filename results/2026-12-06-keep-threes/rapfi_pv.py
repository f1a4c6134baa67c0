import sys
from think import think
for l in open('after.txt'):
    k,m=l.rstrip('\n').split('\t')
    out=think("/tmp/tools/opponents/pbrain-rapfi --threads 1",m.split(),1000)
    msgs=[x for x in out if x.startswith('MESSAGE Depth')]
    first=next((x for x in msgs if '+M' in x),None)
    print(k, first if first else 'NOMATE '+(msgs[-1] if msgs else ''), flush=True)
