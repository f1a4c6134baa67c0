import json,sys,math
g=[json.loads(l) for l in open(sys.argv[1])]
a=sys.argv[2]; w=l=d=0
pairs={}
for x in g:
    side='black' if x['black']==a else 'white'
    if x['winner']==side: s=1; w+=1
    elif x['winner'] in ('black','white'): s=0; l+=1
    else: s=0.5; d+=1
    pairs.setdefault((x['opening'],x['symmetry']),[]).append(s)
N=w+l+d; sc=(w+.5*d)/N
se=math.sqrt(sc*(1-sc)/N)
elo=lambda p: -400*math.log10(1/p-1) if 0<p<1 else float('nan')
print(f"{a}: {N} games +{w} -{l} ={d} {100*sc:.1f}% Elo {elo(sc):+.0f} (+-{elo(min(.999,sc+1.96*se))-elo(sc):.0f})")
ps=[sum(v)/2 for v in pairs.values() if len(v)==2]
if ps:
    m=sum(ps)/len(ps); var=sum((p-m)**2 for p in ps)/len(ps); se=math.sqrt(var/len(ps))
    print(f"pentanomial pairs {len(ps)}: {100*m:.1f}% Elo {elo(m):+.0f} +- {elo(min(.999,m+1.96*se))-elo(m):.0f}")
