#!/usr/bin/env python3
"""Move agreement: how often a brain's answer matches a reference brain's on many positions.
A cheaper, lower-variance proxy than games for comparing search settings (threads, depth,
time), and one that needs no quiet machine when depth rather than time limits the search.
The reference must be independent of what is compared: a deeper search of the same
deterministic brain agrees with its own shallower iterations by construction (its depth-7
iteration IS the depth-7 answer), so use another, stronger brain.

usage (from the repository root):
  agreement.py positions RESULTS.jsonl... [--every 5] [--count 900] [--seed 9] [--skip 3]
                         [--plies 0] > pos.txt
  agreement.py answers POSFILE BRAIN [--turn MS] [--depth D] [--threads T] [--shard I/N] > a.txt
  agreement.py compare REF.txt A.txt [B.txt ...]

positions: one line of moves "x,y x,y ..." per distinct position, from the runner's
results.jsonl (.gz too): every --every-th position from the --skip-th move after the opening
(3), up to --plies moves further (0: all but the last 4 moves of the game).
answers: one line per position "index x,y depth ms" (depth: the last `MESSAGE depth` line,
0 when the brain prints none); one brain process, its table cleared (YXHASHCLEAR) before
each position. compare: the share of positions where each file answers as REF, and for
each file after the first, on the positions where it and the first differ, how often REF
sides with either (a sign test's counts).

  agreement.py judge POSFILE JUDGE A.txt [B.txt ...] [--ms 1000] [--cache FILE] [--workers 2]

judge: how good each file's moves are in a stronger brain's eyes, not only whether they are
its choice. The judge (Rapfi: it reports "| Eval E |") thinks --ms on every position and on
the position after every distinct answer; a move's value is the mover's win probability
after it (label-positions.py's scale), its loss the judge's value of the position before
minus that. Positions the judge calls decided before the move are left out. Printed: each
file's mean loss, and for each file after the first the mean paired difference with the
first (positive: this file loses less) with its standard error, over all kept positions,
and how many of the positions where they differ the judge prefers either. Judgements are
kept in --cache (a line per position judged: its moves "x,y ...", then the evaluation), so a
new file costs only its new moves."""
import argparse
import gzip
import json
import math
import os
import random
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor

from tool_module import load_tool


def positions(args):
    pos = []
    for path in args.results:
        for line in (gzip.open if path.endswith(".gz") else open)(path, "rt"):
            g = json.loads(line)
            moves = g["moves"].split()
            first = g["opening_stones"] + args.skip
            last = len(moves) - 4 if not args.plies else min(len(moves) - 4, first + args.plies)
            for i in range(first, last, args.every):
                pos.append(" ".join(moves[:i]))
    pos = sorted(set(pos))
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


def read_cache(path):
    cache = {}
    if path and os.path.exists(path):
        for line in open(path):
            key, _, ev = line.rstrip("\n").rpartition(" ")
            cache[key] = ev
    return cache


def judge_all(args, lp, jobs, cache):
    """The judge's evaluation (its string, "none" when it gave none) of each position in jobs
    (tuples of moves "x,y"), for the side to move there; new ones appended to the cache. `lp` is
    label-positions.py, the judge's reader."""
    local, lock, brains = threading.local(), threading.Lock(), []
    todo = sorted({j for j in jobs if " ".join(j) not in cache})
    out = open(args.cache, "a") if args.cache else None

    def run(moves):
        if getattr(local, "brain", None) is None:
            local.brain = lp.Brain(args.judge, args.size, args.rule, args.ms + lp.RESERVE)
            with lock:
                brains.append(local.brain)
        ev, _ = local.brain.evaluate([tuple(map(int, m.split(","))) for m in moves])
        key = " ".join(moves)
        with lock:
            cache[key] = ev or "none"
            if out:
                out.write(f"{key} {cache[key]}\n")
                out.flush()

    with ThreadPoolExecutor(args.workers) as ex:
        list(ex.map(run, todo))
    for brain in brains:
        brain.close()


def judge(args):
    pos = [line.split() for line in open(args.posfile) if line.strip()]
    files = [(path, load(path)) for path in args.files]
    cache = read_cache(args.cache)
    jobs = [tuple(p) for p in pos]
    jobs += [tuple(pos[k]) + (a[k][1],) for _, a in files for k in a if a[k][1] != "none"]
    lp = load_tool("label-positions.py")  # the judge's reader and the win probabilities
    judge_all(args, lp, jobs, cache)

    def value(moves):  # the win probability of the side to move, None when unjudged
        ev = cache.get(" ".join(moves), "none")
        return None if ev == "none" else lp.win_probability(ev, lp.SCALE, lp.DECIDED)

    # the judged positions without a found win or loss, and their values
    evs = {k: cache.get(" ".join(p), "none") for k, p in enumerate(pos)}
    before = {k: lp.win_probability(ev, lp.SCALE, lp.DECIDED) for k, ev in evs.items()
              if ev != "none" and "M" not in ev}
    loss = {path: answer_losses(pos, a, before, value) for path, a in files}
    print(f"{len(before)} of {len(pos)} positions undecided in the judge's eyes")
    for path, _ in files:
        ls = loss[path]
        line = f"{path}: mean loss {sum(ls.values()) / max(1, len(ls)):.4f} over {len(ls)}"
        if path != files[0][0]:
            line += "; " + paired_difference(loss[files[0][0]], ls, files[0][0])
        print(line)


def answer_losses(pos, answers, before, value):
    """Each judged answer's loss: the mover's win probability before it minus after it."""
    loss = {}
    for k in before:
        if k in answers and answers[k][1] != "none":
            after = value(pos[k] + [answers[k][1]])
            if after is not None:
                loss[k] = before[k] - (1 - after)
    return loss


def paired_difference(base, other, base_path):
    """How much less `other` loses than `base` on the positions both have, with its standard
    error, and in how many either loses less."""
    d = [base[k] - other[k] for k in other if k in base]
    mean = sum(d) / max(1, len(d))
    se = math.sqrt(sum((x - mean) ** 2 for x in d) / max(1, len(d) - 1) / max(1, len(d)))
    return f"against {base_path}: {mean:+.4f} +- {se:.4f} (better in {sum(x > 0 for x in d)}, " \
           f"worse in {sum(x < 0 for x in d)} of {len(d)})"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    sp = sub.add_parser("positions")
    sp.add_argument("results", nargs="+")
    sp.add_argument("--every", type=int, default=5)
    sp.add_argument("--count", type=int, default=900)
    sp.add_argument("--seed", type=int, default=9)
    sp.add_argument("--skip", type=int, default=3, help="moves after the opening left out")
    sp.add_argument("--plies", type=int, default=0, help="positions within this many moves "
                    "after those (0: to the game's end)")
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
    sj = sub.add_parser("judge")
    sj.add_argument("posfile")
    sj.add_argument("judge")
    sj.add_argument("files", nargs="*")
    sj.add_argument("--ms", type=int, default=1000)
    sj.add_argument("--cache", default="")
    sj.add_argument("--workers", type=int, default=2)
    sj.add_argument("--size", type=int, default=15)
    sj.add_argument("--rule", type=int, default=0)
    args = ap.parse_args()
    {"positions": positions, "answers": answers, "compare": compare,
     "judge": judge}[args.cmd](args)


if __name__ == "__main__":
    sys.exit(main())
