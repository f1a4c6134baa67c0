# paired.py A.jsonl NAME_A B.jsonl NAME_B: per game id, compare results of A's and B's brain
import sys, json, gzip
sys.path.insert(0,'/tmp/tools')
from score import load
def res(g,name):
    if g['winner'] not in ('black','white'): return 0.5
    return 1.0 if g[g['winner']]==name else 0.0
A={g['id']:g for g in load(sys.argv[1])}; B={g['id']:g for g in load(sys.argv[3])}
ids=sorted(set(A)&set(B)); better=worse=0; sa=sb=0
for i in ids:
    a=res(A[i],sys.argv[2]); b=res(B[i],sys.argv[4]); sa+=a; sb+=b
    better+=a>b; worse+=a<b
print(f"{len(ids)} common games: {sys.argv[2]} {100*sa/len(ids):.1f}% vs {sys.argv[4]} {100*sb/len(ids):.1f}%; better in {better}, worse in {worse}")
