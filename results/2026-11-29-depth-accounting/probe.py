import subprocess,sys,time,json,gzip
# usage: probe.py BIN ms moves...(x,y)   side to move = after len(moves)
bin_, ms = sys.argv[1], int(sys.argv[2]); moves = sys.argv[3:]
n=len(moves)
lines=["START 15","INFO rule 0",f"INFO timeout_turn {ms}","INFO timeout_match 0","BOARD"]
for i,m in enumerate(moves):
    own = (i%2)==(n%2)
    lines.append(f"{m},{1 if own else 2}")
lines.append("DONE")
import os; bin_=os.path.abspath(bin_)
p=subprocess.Popen([bin_],stdin=subprocess.PIPE,stdout=subprocess.PIPE,stderr=subprocess.PIPE,text=True,cwd="/work/main/build/opponents" if "opponents" in bin_ else None)
p.stdin.write("\n".join(lines)+"\n"); p.stdin.flush()
t=time.time()
while True:
    l=p.stdout.readline()
    if not l: break
    l=l.strip(); print(f"{time.time()-t:6.3f} {l}")
    if l and l[0].isdigit() and "," in l and not l.startswith("MESSAGE"): break
p.stdin.write("END\n"); p.stdin.flush(); p.wait(timeout=5)
