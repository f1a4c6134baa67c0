#!/usr/bin/env python3
"""Finds positions with a known forced win in recorded games, for the depth bench.

For each decisive game (a five on freestyle or standard, 15x15 or 20x20) in the arena records
given, the position BACK plies before the winner's last move is set up with the winner to move,
and pbrain-gamok thinks on it for THINK_MS. Where its answer is a proven win (a score of
SCORE_WIN_MIN or more: a threat search's or the tree's proof, never a guess), the position is
kept, with the move and the proof's depth. The longest BACK that proves is kept per game.

    bench/find-forced-wins.py --brain ./pbrain-gamok --out FILE RECORDS.jsonl[.gz] ...

Writes tests/positions format (tests/support/positions.h). One-off tooling: not run by CI.
"""
import argparse
import gzip
import json
import random
import subprocess

SCORE_WIN_MIN = 20000  # kernels/evaluator.h


def read_records(paths):
    for path in paths:
        opener = gzip.open if path.endswith(".gz") else open
        with opener(path, "rt") as f:
            for line in f:
                line = line.strip()
                if line:
                    rec = json.loads(line)
                    rec["_file"] = path
                    yield rec


def cells(moves):
    return [tuple(int(v) for v in m.split(",")) for m in moves.split()]


def think(brain, size, rule, own, opp, think_ms, scores=None):
    """The brain's move and last reported score on the position (own stones to move); every
    reported score is appended to `scores` when given."""
    lines = [f"START {size}", f"INFO rule {rule}", f"INFO timeout_turn {think_ms}",
             "INFO timeout_match 0", "BOARD"]
    lines += [f"{x},{y},1" for x, y in own] + [f"{x},{y},2" for x, y in opp]
    lines += ["DONE", "END"]
    # END right after DONE would stop the search: the protocol loop waits for the answer only
    # for lines other than END, so ask ABOUT first (it waits), then END.
    lines.insert(-1, "ABOUT")
    out = subprocess.run([brain, "--threads", "1"], input="\n".join(lines) + "\n",
                         capture_output=True, text=True, timeout=think_ms / 1000 + 30).stdout
    move, score, depth = None, None, None
    for line in out.splitlines():
        parts = line.split()
        if line.startswith("MESSAGE depth") and "score" in parts:
            depth = int(parts[2])
            score = int(parts[parts.index("score") + 1])
            if scores is not None:
                scores.append(score)
        elif "," in line and not line.startswith(("MESSAGE", "name=")) and move is None:
            x, y = line.split(",")
            move = (int(x), int(y))
    return move, score, depth


def board_rows(size, black, white):
    grid = [["."] * size for _ in range(size)]
    for x, y in black:
        grid[y][x] = "X"
    for x, y in white:
        grid[y][x] = "O"
    return ["".join(r) for r in grid]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--brain", default="./pbrain-gamok")
    ap.add_argument("--out", required=True)
    ap.add_argument("--think-ms", type=int, default=4000)
    ap.add_argument("--backs", default="21,17,13,9")
    ap.add_argument("--max", type=int, default=30)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("records", nargs="+")
    a = ap.parse_args()
    backs = [int(b) for b in a.backs.split(",")]
    games = [r for r in read_records(a.records)
             if r.get("end") == "five" and r["rule"] in (0, 1) and r["size"] in (15, 20)]
    random.Random(a.seed).shuffle(games)
    seen, kept = set(), []
    for rec in games:
        if len(kept) >= a.max:
            break
        moves = cells(rec["moves"])
        last = len(moves) - 1  # the winner's five
        for back in backs:
            ply = last - back + 1  # the winner is to move at `ply` (back is odd)
            if ply < rec.get("opening_stones", 3) + 4:
                continue
            before = moves[:ply]
            black, white = before[0::2], before[1::2]
            winner_black = last % 2 == 0
            own, opp = (black, white) if winner_black else (white, black)
            key = (rec["size"], rec["rule"], frozenset(black), frozenset(white))
            if key in seen:
                continue
            seen.add(key)
            move, score, depth = think(a.brain, rec["size"], rec["rule"], own, opp, a.think_ms)
            if score is None or score < SCORE_WIN_MIN or move is None:
                continue
            kept.append((rec, back, move, score, depth, black, white, winner_black))
            print(f"kept {len(kept)}: {rec['_file']} game {rec['id']} back {back} "
                  f"move {move} score {score} depth {depth}", flush=True)
            break
    with open(a.out, "w") as f:
        f.write("# Positions with a known forced win for the side to move, from recorded games\n"
                "# (bench/find-forced-wins.py): pbrain-gamok proved each win within "
                f"{a.think_ms} ms\n# (a score of SCORE_WIN_MIN or more). expect: its winning "
                "move (others may win too);\n# depth: plies from the position to the game's "
                "five. For the depth bench.\n")
        for i, (rec, back, move, score, depth, black, white, winner_black) in enumerate(kept):
            src = rec["_file"].split("/")[-1].replace(".jsonl.gz", "").replace(".jsonl", "")
            f.write("---\n" if i else "")
            f.write(f"name: {src} #{rec['id']}, {back} plies to its five\n")
            f.write(f"rule: {rec['rule']}\n")
            f.write(f"to_move: {'X' if winner_black else 'O'}\n")
            f.write(f"expect: {move[0]},{move[1]}\n")
            f.write(f"depth: {back}\n")
            f.write("board:\n")
            f.write("\n".join(board_rows(rec["size"], black, white)) + "\n")


if __name__ == "__main__":
    main()
