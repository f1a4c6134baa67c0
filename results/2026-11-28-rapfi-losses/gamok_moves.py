# Gamok's move (and score) at MS ms on each blunder position; args: BRAIN MS
import json, sys, subprocess, re
brain, ms = sys.argv[1], int(sys.argv[2])
sys.path.insert(0, '/tmp/ana'); from rapfi_eval import rapfi_eval, mate
avoided = 0; rows = [json.loads(l) for l in open('/tmp/ana/blunders.jsonl')]
for r in rows:
    mv = r['moves']; tomove = len(mv) % 2
    lines = ['START 15', f'INFO timeout_turn {ms}', 'INFO timeout_match 100000000', 'INFO rule 0', 'BOARD']
    lines += [f'{m},{1 if i % 2 == tomove else 2}' for i, m in enumerate(mv)] + ['DONE', 'END']
    p = subprocess.Popen([brain], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    p.stdin.write('\n'.join(lines[:-1]) + '\n'); p.stdin.flush()
    played, msg = None, []
    for l in p.stdout:
        l = l.strip()
        if l.startswith('MESSAGE depth'): msg.append(l)
        if re.match(r'^\d+,\d+$', l): played = l; break
    p.stdin.write('END\n'); p.stdin.flush(); p.wait(timeout=10)
    after = rapfi_eval(15, 0, mv + [played], 300)['eval'] if played != r['gamok_move'] else r['after']
    lost = (mate(after) or 0) > 0
    avoided += not lost
    print(r['game'], 'game move', r['gamok_move'], 'now', played, msg[-1] if msg else '', '| rapfi after:', after, flush=True)
print('not lost (Rapfi 300 ms):', avoided, 'of', len(rows))
