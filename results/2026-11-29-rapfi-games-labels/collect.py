import json,gzip,sys
files=sys.argv[1:]
def canon(stones):  # stones: list of (x,y) in play order B W B W B; canonical under 8 syms + translation
    best=None
    for s in range(8):
        t=[]
        for (x,y) in stones:
            a,b=x,y
            if s&1: a=-a
            if s&2: b=-b
            if s&4: a,b=b,a
            t.append((a,b))
        mx=min(p[0] for p in t); my=min(p[1] for p in t)
        t=[(p[0]-mx,p[1]-my) for p in t]
        key=(tuple(sorted(t[0::2])),tuple(sorted(t[1::2])))
        if best is None or key<best: best=key
    return best
setb=set()
for l in open('/work/main/tournaments/openings/freestyle15-5stones-judged-b.txt'):
    l=l.strip()
    if not l or l.startswith('#'): continue
    v=[int(x) for x in l.replace(' ','').strip(',').split(',')]
    setb.add(canon(list(zip(v[0::2],v[1::2]))))
out=[];skipped=0;seen=set()
for f in files:
    for l in gzip.open(f,'rt'):
        g=json.loads(l)
        if g.get('size')!=15 or g.get('rule')!=0: continue
        names=[g['black'],g['white']]
        if 'rapfi' not in names: continue
        mv=[tuple(map(int,m.split(','))) for m in g['moves'].split()]
        if canon(mv[:5]) in setb: skipped+=1; continue
        g['black']='rapfi' if g['black']=='rapfi' else 'gamok'
        g['white']='rapfi' if g['white']=='rapfi' else 'gamok'
        out.append(g)
for g in out: print(json.dumps(g,separators=(",",":")))
print(f"kept {len(out)} skipped(set-b openings) {skipped}",file=sys.stderr)
