#!/usr/bin/env python3
"""Labels the last position of each sampled line with Rapfi (label-positions.py's Brain), and
appends Rapfi's move so that the trainer visits that position (it visits positions before a
move). Output: the corpus line (with the move) and " | PLY:P:MOVE"."""
import sys, threading, importlib.util
from concurrent.futures import ThreadPoolExecutor
spec = importlib.util.spec_from_file_location('lp', '/work/main/tournaments/label-positions.py')
lp = importlib.util.module_from_spec(spec); spec.loader.exec_module(lp)
BRAIN, MS, SCALE, DECIDED = sys.argv[1], 40, 350, 0.985
local, lock = threading.local(), threading.Lock()

def label(line):
    g = lp.parse_game(line)
    if not g:
        return
    rule, size, opening, text, moves = g
    if getattr(local, 'brain', None) is None:
        local.brain = lp.Brain(BRAIN, size, rule, MS + 50)
    ev, (x, y) = local.brain.evaluate(moves)
    if ev is None or (x, y) in moves:
        return
    p = lp.win_probability(ev, SCALE, DECIDED)
    mv = f'{chr(97 + x)}{y + 1}'
    with lock:
        print(f'{text}{mv} | {len(moves)}:{p:.3f}:{mv}', flush=True)

with ThreadPoolExecutor(2) as ex:
    list(ex.map(label, open(sys.argv[2])))
