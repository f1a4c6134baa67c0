#!/usr/bin/env python3
"""Finds undecided middle-game positions in recorded games, for the depth bench's reach figure.

The tree bench's middle games (tests/positions/tree_bench.txt) were chosen as undecided by the
tree of their day; today's tree proves most of them, and a proven position ends its iterations
at the proof's depth, so their mean completed depth falls when the tree proves sooner. These
positions measure how deep the tree gets where nothing is decided: for each game (freestyle,
15x15 or 20x20, one that went on at least MIN_LEFT plies past the position), the position after
a seeded random number of plies in [opening + FROM, opening + TO] with the side to move, kept
where no score pbrain-gamok reports in THINK_MS is proven (below SCORE_WIN_MIN either way) and
its last reported depth is at least MIN_DEPTH (not a forced reply answered without a tree).

    bench/find-quiet-positions.py --brain ./pbrain-gamok --out FILE --per-size 12 RECORDS...

Writes tests/positions format (tests/support/positions.h). One-off tooling: not run by CI.
"""
import argparse
import importlib.util
import os
import random

HERE = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location("wins", os.path.join(HERE, "find-forced-wins.py"))
wins = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(wins)


def pick(rec, rng, a):
    """The ply of the position to try in this game, or None when the game is too short."""
    start = rec.get("opening_stones", 3)
    moves = wins.cells(rec["moves"])
    ply = start + rng.randint(a.ply_from, a.ply_to)
    return ply if len(moves) - ply >= a.min_left else None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--brain", default="./pbrain-gamok")
    ap.add_argument("--out", required=True)
    ap.add_argument("--think-ms", type=int, default=3000)
    ap.add_argument("--per-size", type=int, default=12)
    ap.add_argument("--ply-from", type=int, default=8)
    ap.add_argument("--ply-to", type=int, default=20)
    ap.add_argument("--min-left", type=int, default=12)
    ap.add_argument("--min-depth", type=int, default=4)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("records", nargs="+")
    a = ap.parse_args()
    rng = random.Random(a.seed)
    games = [r for r in wins.read_records(a.records) if r["rule"] == 0 and r["size"] in (15, 20)]
    rng.shuffle(games)
    kept = {15: [], 20: []}
    seen = set()
    for rec in games:
        size = rec["size"]
        if len(kept[size]) >= a.per_size:
            continue
        ply = pick(rec, rng, a)
        if ply is None:
            continue
        before = wins.cells(rec["moves"])[:ply]
        black, white = before[0::2], before[1::2]
        key = (size, frozenset(black), frozenset(white))
        if key in seen:
            continue
        seen.add(key)
        black_to_move = ply % 2 == 0
        own, opp = (black, white) if black_to_move else (white, black)
        scores = []
        move, score, depth = wins.think(a.brain, size, 0, own, opp, a.think_ms, scores)
        if not scores or max(abs(v) for v in scores) >= wins.SCORE_WIN_MIN:
            continue  # decided (a root proven lost may then answer its longest resistance, 0)
        if depth is None or depth < a.min_depth:
            continue  # a forced reply, answered without a tree
        kept[size].append((rec, ply, score, depth, black, white, black_to_move))
        print(f"kept {size}x{size} {len(kept[size])}: {rec['_file']} game {rec['id']} ply {ply} "
              f"score {score} depth {depth}", flush=True)
    with open(a.out, "w") as f:
        f.write("# Undecided freestyle middle games from recorded games (bench/find-quiet-positions.py"
                f" --seed {a.seed}):\n# no score pbrain-gamok reported in {a.think_ms} ms was proven, its last depth at "
                f"least {a.min_depth}.\n# No expectation. For the depth bench's reach figure.\n")
        first = True
        for size in (15, 20):
            for rec, ply, score, depth, black, white, black_to_move in kept[size]:
                src = rec["_file"].split("/")[-1].replace(".jsonl.gz", "").replace(".jsonl", "")
                f.write("" if first else "---\n")
                first = False
                f.write(f"name: {src} #{rec['id']} after {ply} moves\n")
                f.write("rule: 0\n")
                f.write(f"to_move: {'X' if black_to_move else 'O'}\n")
                f.write("board:\n")
                f.write("\n".join(wins.board_rows(size, black, white)) + "\n")


if __name__ == "__main__":
    main()
