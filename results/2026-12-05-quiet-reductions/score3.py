import json,sys,math
from collections import defaultdict
games=[json.loads(l) for l in open(sys.argv[1])]
base=sys.argv[2] if len(sys.argv)>2 else 'main'
tot=defaultdict(lambda:[0,0,0]); col=defaultdict(lambda:[0,0,0,0]); byset={}
ends=defaultdict(int)
for g in games:
    for side in ('black','white'):
        name=g[side]
        if name=='rapfi': continue
        w=g['winner']
        k=0 if w==side else (2 if w in ('draw',None,'none','') or g['result']=='1/2-1/2' else 1)
        tot[name][k]+=1
        col[name][(0 if side=='black' else 2)+(0 if k==0 else 1)]+=1
        byset[(name,g['opening'],g['symmetry'],side)]=1.0 if k==0 else (0.5 if k==2 else 0.0)
    ends[g['end']]+=1
for n,(w,l,d) in sorted(tot.items()):
    N=w+l+d; s=(w+0.5*d)/N
    se=math.sqrt(max(s*(1-s),1e-9)/N)
    print(f"{n} vs rapfi: {N} games, +{w} -{l} ={d}, score {100*s:.1f}% +- {196*se:.1f}; as black won {col[n][0]} of {col[n][0]+col[n][1]}, as white won {col[n][2]} of {col[n][2]+col[n][3]}")
print("ends:",dict(ends))
for a in sorted(tot):
    if a==base: continue
    pa=pb=0; better=worse=0; m=0
    for (n,o,s,side),v in byset.items():
        if n!=a: continue
        k=(base,o,s,side)
        if k in byset:
            m+=1; pa+=v; pb+=byset[k]; better+=v>byset[k]; worse+=v<byset[k]
    if m:
        t=better+worse; x=min(better,worse)
        p=min(1.0,2*sum(math.comb(t,i) for i in range(x+1))/2**t) if t else 1.0
        print(f"paired {a} vs {base} by (opening, symmetry, colour), both drew the same: {m}: {a} {100*pa/m:.1f}% vs {base} {100*pb/m:.1f}%; {a} better in {better}, worse in {worse} (sign test p {p:.2f})")
