import json,sys,gzip
from collections import Counter
p=sys.argv[1]; me=sys.argv[2]
f=gzip.open(p,'rt') if p.endswith('.gz') else open(p)
g=[json.loads(l) for l in f if l.strip()]
print('ends', dict(Counter(x['end'] for x in g)), 'details not five:', dict(Counter(x['detail'] for x in g if x['end']!='five')))
for col in ('black','white'):
    mine=[x for x in g if x[col]==me]
    w=sum(x['winner']==col for x in mine); d=sum(x['winner'] not in ('black','white') for x in mine)
    print(' as', col, w, 'won', len(mine)-w-d, 'lost', d, 'drawn')
