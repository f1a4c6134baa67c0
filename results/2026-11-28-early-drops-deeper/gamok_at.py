# Gamok's move at MS ms on each early-drop position; args: BRAIN MS OUT
import json, sys, subprocess, re
brain, ms, out = sys.argv[1], int(sys.argv[2]), sys.argv[3]
rows = [json.loads(l) for l in open('/work/main/results/2026-11-28-rapfi-losses/early-drops.jsonl')]
def ok(r):
    e = r['rapfi_eval_for_gamok']
    return r['rapfi_choice'] != r['gamok_move'] and 'M' not in e and -300 <= int(e) <= 100
with open(out, 'w') as f:
    for r in filter(ok, rows):
        mv = r['moves']; tomove = len(mv) % 2
        lines = ['START 15', f'INFO timeout_turn {ms}', 'INFO timeout_match 100000000', 'INFO rule 0', 'BOARD']
        lines += [f'{m},{1 if i % 2 == tomove else 2}' for i, m in enumerate(mv)] + ['DONE']
        p = subprocess.Popen([brain], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        p.stdin.write('\n'.join(lines) + '\n'); p.stdin.flush()
        played, msg = None, []
        for l in p.stdout:
            l = l.strip()
            if l.startswith('MESSAGE depth'): msg.append(l)
            if re.match(r'^\d+,\d+$', l): played = l; break
        p.stdin.write('END\n'); p.stdin.flush(); p.wait(timeout=10)
        rec = dict(game=r['game'], moves=mv, game_move=r['gamok_move'], rapfi=r['rapfi_choice'], played=played, last=msg[-1] if msg else '')
        f.write(json.dumps(rec) + '\n'); f.flush()
        print(r['game'], r['gamok_move'], r['rapfi_choice'], played, msg[-1] if msg else '', flush=True)
