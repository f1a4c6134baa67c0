#!/usr/bin/env python3
"""The roots the node-sampling brain searched (2026-12-05 evening): 3 random plies of each game of
corpus/0-15.txt and corpus/0-15-vs-rapfi.txt (first move after the opening to 4 before the end),
seed 3402, as corpus lines. Run from the repository root: roots.py > roots.txt"""
import random, re
MOVE = re.compile(r'([a-z])(\d+)')
rng = random.Random(3402)
for path in ('corpus/0-15.txt', 'corpus/0-15-vs-rapfi.txt'):
    for line in open(path):
        if not line.strip() or line.startswith('#'):
            continue
        p = line.split()
        opening, moves = int(p[2]), MOVE.findall(p[7])
        lo, hi = opening + 1, len(moves) - 4
        if hi <= lo:
            continue
        for ply in rng.sample(range(lo, hi), min(3, hi - lo)):
            print(f"{p[0]} {p[1]} {opening} D 0ms tree tree {''.join(a + b for a, b in moves[:ply])}")
