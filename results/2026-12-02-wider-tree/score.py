import sys, json, gzip, math
def load(p):
    f = gzip.open(p,'rt') if p.endswith('.gz') else open(p)
    return [json.loads(l) for l in f if l.strip()]
def score(games, name):
    w=l=d=0
    for g in games:
        if name not in (g['black'], g['white']): continue
        if g['winner'] in ('black','white'):
            if g[g['winner']]==name: w+=1
            else: l+=1
        else: d+=1
    n=w+l+d
    return w,l,d,n
if __name__=='__main__':
    gs=load(sys.argv[1]); w,l,d,n=score(gs,sys.argv[2])
    s=(w+d/2)/n if n else 0
    print(f"{sys.argv[2]}: {n} games +{w} -{l} ={d} {100*s:.1f}%")
