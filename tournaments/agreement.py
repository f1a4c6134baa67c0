#!/usr/bin/env python3
"""Move agreement: how often a brain's answer matches a reference brain's on many positions.
A cheaper, lower-variance proxy than games for comparing search settings (threads, depth,
time), and one that needs no quiet machine when depth rather than time limits the search.
The reference must be independent of what is compared: a deeper search of the same
deterministic brain agrees with its own shallower iterations by construction (its depth-7
iteration IS the depth-7 answer), so use another, stronger brain.

usage (from the repository root):
  agreement.py positions RESULTS.jsonl... [--every 5] [--count 900] [--seed 9] > pos.txt
  agreement.py answers POSFILE BRAIN [--turn MS] [--depth D] [--threads T] [--shard I/N] > a.txt
  agreement.py compare REF.txt A.txt [B.txt ...]

positions: one line of moves "x,y x,y ..." per position, from the runner's results.jsonl
(every --every-th move after the opening, the last 4 moves of a game left out).
answers: one line per position "index x,y depth ms" (depth: the last `MESSAGE depth` line,
0 when the brain prints none); one brain process, its table cleared (YXHASHCLEAR) before
each position. compare: the share of positions where each file answers as REF, and for
each file after the first, on the positions where it and the first differ, how often REF
sides with either (a sign test's counts)."""
import argparse
import json
import random
import subprocess
import sys
import time


def positions(args):
    pos = []
    for path in args.results:
        for line in open(path):
            g = json.loads(line)
            moves = g["moves"].split()
            for i in range(g["opening_stones"] + 3, len(moves) - 4, args.every):
                pos.append(" ".join(moves[:i]))
    random.Random(args.seed).shuffle(pos)
    for p in pos[:args.count]:
        print(p)


def is_move(line):
    return "," in line and not line.startswith(("MESSAGE", "DEBUG", "OK", "ERROR", "UNKNOWN"))


def answers(args):
    pos = [line.split() for line in open(args.posfile) if line.strip()]
    shard, nshards = map(int, args.shard.split("/"))
    p = subprocess.Popen(args.brain.split(), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         text=True, bufsize=1)
    setup = [f"START 15", f"INFO timeout_turn {args.turn}", "INFO timeout_match 0",
             f"INFO thread_num {args.threads}", "INFO show_detail 2"]
    if args.depth:
        setup.append(f"INFO max_depth {args.depth}")
    p.stdin.write("\n".join(setup) + "\n")
    p.stdin.flush()
    p.stdout.readline()  # OK to START
    for k, moves in enumerate(pos):
        if k % nshards != shard:
            continue
        me = len(moves) % 2  # the side to move's stones are 1, black moved first
        lines = ["YXHASHCLEAR", "BOARD"]
        lines += [f"{m},{1 if i % 2 == me else 2}" for i, m in enumerate(moves)]
        p.stdin.write("\n".join(lines) + "\n")
        p.stdin.flush()
        start = time.time()
        p.stdin.write("DONE\n")
        p.stdin.flush()
        depth, move = 0, "none"
        for line in p.stdout:
            if line.startswith("MESSAGE depth") and " eval " in line:
                depth = int(line.split()[2])
            if is_move(line):
                move = line.strip()
                break
        print(k, move, depth, int((time.time() - start) * 1000), flush=True)
    p.stdin.write("END\n")
    p.stdin.flush()
    p.wait()


def load(path):
    return {int(f[0]): f for f in (line.split() for line in open(path)) if f}


def compare(args):
    ref = load(args.ref)
    files = [(path, load(path)) for path in args.files]
    first_path, first = files[0]
    for path, a in files:
        keys = [k for k in ref if k in a]
        same = sum(a[k][1] == ref[k][1] for k in keys)
        depth = sum(int(a[k][2]) for k in keys) / len(keys)
        ms = sum(int(a[k][3]) for k in keys) / len(keys)
        line = f"{path}: agree {same}/{len(keys)} = {same / len(keys):.3f}, mean depth " \
               f"{depth:.2f}, mean ms {ms:.0f}"
        if a is not first:
            diff = [k for k in keys if k in first and a[k][1] != first[k][1]]
            with_first = sum(first[k][1] == ref[k][1] for k in diff)
            with_this = sum(a[k][1] == ref[k][1] for k in diff)
            line += f"; differs from {first_path} in {len(diff)}: the reference sides " \
                    f"with it in {with_this}, with {first_path} in {with_first}"
        print(line)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    sp = sub.add_parser("positions")
    sp.add_argument("results", nargs="+")
    sp.add_argument("--every", type=int, default=5)
    sp.add_argument("--count", type=int, default=900)
    sp.add_argument("--seed", type=int, default=9)
    sa = sub.add_parser("answers")
    sa.add_argument("posfile")
    sa.add_argument("brain")
    sa.add_argument("--turn", type=int, default=1000)
    sa.add_argument("--depth", type=int, default=0)
    sa.add_argument("--threads", type=int, default=1)
    sa.add_argument("--shard", default="0/1")
    sc = sub.add_parser("compare")
    sc.add_argument("ref")
    sc.add_argument("files", nargs="+")
    args = ap.parse_args()
    {"positions": positions, "answers": answers, "compare": compare}[args.cmd](args)


if __name__ == "__main__":
    sys.exit(main())
