import subprocess,sys,time
def think(brain, moves, ms=1000, nodes=0):
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
if __name__=="__main__":
    for l in think(sys.argv[1], sys.argv[2].split(), int(sys.argv[3]) if len(sys.argv)>3 else 1000): print(l)
