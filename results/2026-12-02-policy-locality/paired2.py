# paired2.py FILE_A A FILE_B B: A's games (FILE_A) and B's (FILE_B) against the same opponent, paired by
# (opening, symmetry, the brain's colour) where both files hold exactly one such game
import sys
from collections import Counter
sys.path.insert(0,'/tmp/tools')
from score import load
def key(g,n): return (g['opening'],g['symmetry'],'black' if g['black']==n else 'white')
def res(g,n):
    if g['winner'] not in ('black','white'): return 0.5
    return 1.0 if g[g['winner']]==n else 0.0
def table(p,n):
    gs=[g for g in load(p) if n in (g['black'],g['white'])]
    c=Counter(key(g,n) for g in gs)
    return {key(g,n):res(g,n) for g in gs if c[key(g,n)]==1}
ra=table(sys.argv[1],sys.argv[2]); rb=table(sys.argv[3],sys.argv[4]); A,B=sys.argv[2],sys.argv[4]
ks=sorted(set(ra)&set(rb))
sa=sum(ra[k] for k in ks); sb=sum(rb[k] for k in ks)
print(f"{len(ks)} paired: {A} {100*sa/max(1,len(ks)):.1f}% vs {B} {100*sb/max(1,len(ks)):.1f}%; better {sum(ra[k]>rb[k] for k in ks)}, worse {sum(ra[k]<rb[k] for k in ks)}")
