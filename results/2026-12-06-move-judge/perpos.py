import math,sys
cache={}
for l in open('cache.txt'):
    k,_,e=l.rstrip('\n').rpartition(' '); cache[k]=e
def wp(e):
    if e=='none': return None
    if 'M' in e: return 0.06 if e.startswith('-') else 0.94
    return 1/(1+math.exp(-int(e)/500))
pos=[l.split() for l in open(sys.argv[1])]
def load(f): return {int(x[0]):x for x in (l.split() for l in open(f))}
A=load(sys.argv[2]); B=load(sys.argv[3])
rows=[]
for k,p in enumerate(pos):
    if A[k][1]==B[k][1]: continue
    ea=cache.get(' '.join(p+[A[k][1]]),'none'); eb=cache.get(' '.join(p+[B[k][1]]),'none')
    if ea=='none' or eb=='none': continue
    rows.append(((1-wp(eb))-(1-wp(ea)),k,len(p),cache[' '.join(p)],ea,eb))
rows.sort()
print('B worse than A most:'); [print(' ',round(r[0],3),r[1:]) for r in rows[:12]]
print('B better most:'); [print(' ',round(r[0],3),r[1:]) for r in rows[-12:]]
ma=sum(1 for r in rows if r[4].startswith('+M')); mb=sum(1 for r in rows if r[5].startswith('+M'))
print('differing',len(rows),'A into opp mate',ma,'B into opp mate',mb)
