# attack.py BRAIN MS [NODES]: how many of after.txt's positions the brain proves won, and in what time
import sys, subprocess
def run(brain, moves, ms, nodes):
    p=subprocess.Popen(brain.split(),stdin=subprocess.PIPE,stdout=subprocess.PIPE,text=True,bufsize=1)
    me=len(moves)%2
    lines=["START 15",f"INFO timeout_turn {ms}","INFO timeout_match 0","INFO show_detail 2"]+([f"INFO max_node {nodes}"] if nodes else [])+["BOARD"]+[f"{m},{1 if i%2==me else 2}" for i,m in enumerate(moves)]+["DONE"]
    p.stdin.write("\n".join(lines)+"\n"); p.stdin.flush()
    out=[]
    for line in p.stdout:
        out.append(line.rstrip())
        if "," in line and not line.startswith(("MESSAGE","DEBUG","OK","ERROR","UNKNOWN","INFO")): break
    p.stdin.write("END\n"); p.stdin.flush(); p.wait()
    return out
brain=sys.argv[1]; ms=int(sys.argv[2]); nodes=int(sys.argv[3]) if len(sys.argv)>3 else 0
found=0
for l in open('after.txt'):
    k,m=l.rstrip('\n').split('\t')
    out=run(brain,m.split(),ms,nodes)
    last=[x for x in out if x.startswith('MESSAGE depth') and ' eval ' in x]
    f=[x for x in last if int(x.split()[4])>=20000]
    found+=bool(f)
    print(k,'found' if f else 'not', f[0].split()[2] if f else '', f[0].split()[6] if f else '', last[-1].split()[2] if last else '',flush=True)
print('found',found,'of 34')
