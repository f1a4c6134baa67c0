#!/usr/bin/env python3
"""Time to depth through the protocol: each position of tests/positions/tree_bench.txt searched
to a fixed depth by a fresh brain process (INFO max_depth, huge time limits, INFO thread_num),
wall time from DONE to the move. For comparing thread counts (Lazy SMP) on a quiet machine.

usage: tournaments/time-to-depth.py BRAIN DEPTH THREADS   (run from the repository root)"""
import subprocess
import sys
import time


def positions(path="tests/positions/tree_bench.txt"):
    out, rows = [], None
    for line in open(path):
        line = line.rstrip("\n")
        if line.startswith("board:"):
            rows = []
        elif line == "---":
            out.append(rows)
            rows = None
        elif rows is not None and line and not line.startswith("#"):
            rows.append(line)
    if rows:
        out.append(rows)
    return out


def think(brain, rows, depth, threads):
    p = subprocess.Popen([brain], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                         bufsize=1)
    black = sum(r.count("X") for r in rows) == sum(r.count("O") for r in rows)
    lines = [f"START {len(rows)}", "INFO timeout_turn 1000000", "INFO timeout_match 100000000",
             f"INFO max_depth {depth}", f"INFO thread_num {threads}", "BOARD"]
    for y, r in enumerate(rows):
        for x, ch in enumerate(r):
            if ch in "XO":
                lines.append(f"{x},{y},{1 if (ch == 'X') == black else 2}")
    p.stdin.write("\n".join(lines) + "\n")
    start = time.time()
    p.stdin.write("DONE\n")
    p.stdin.flush()
    move = ""
    for reply in p.stdout:
        if "," in reply and not reply.startswith(("MESSAGE", "DEBUG", "OK", "ERROR")):
            move = reply.strip()
            break
    took = time.time() - start
    p.stdin.write("END\n")
    p.stdin.flush()
    p.wait()
    return took, move


def main():
    brain, depth, threads = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    total = 0.0
    for rows in positions():
        took, move = think(brain, rows, depth, threads)
        total += took
        print(f"{took:7.3f} s move {move}")
    print(f"total {total:.2f} s threads {threads} depth {depth}")


if __name__ == "__main__":
    main()
