# paired3.py FILE A B: games of A and of B against the same opponent paired by (opening, symmetry, A's colour)
import sys, json
sys.path.insert(0,'/tmp/tools')
from score import load
gs=load(sys.argv[1]); A,B=sys.argv[2],sys.argv[3]
def key(g,n): return (g['opening'],g['symmetry'],'black' if g['black']==n else 'white')
def res(g,n):
    if g['winner'] not in ('black','white'): return 0.5
    return 1.0 if g[g['winner']]==n else 0.0
ra={key(g,A):res(g,A) for g in gs if A in (g['black'],g['white'])}
rb={key(g,B):res(g,B) for g in gs if B in (g['black'],g['white'])}
ks=sorted(set(ra)&set(rb))
sa=sum(ra[k] for k in ks); sb=sum(rb[k] for k in ks)
print(f"{len(ks)} paired: {A} {100*sa/max(1,len(ks)):.1f}% vs {B} {100*sb/max(1,len(ks)):.1f}%; better {sum(ra[k]>rb[k] for k in ks)}, worse {sum(ra[k]<rb[k] for k in ks)}")
