#!/usr/bin/env python3
"""Time to depth through the protocol: each position of tests/positions/tree_bench.txt searched
to a fixed depth by a fresh brain process (INFO max_depth, huge time limits, INFO thread_num),
wall time from DONE to the move. For comparing thread counts (Lazy SMP) on a quiet machine.
With `one`, all positions are searched by one process (its table cleared between them), as in
a game: a fresh process also pays for its first touches of its tables.

usage: tournaments/time-to-depth.py BRAIN DEPTH THREADS [one]   (run from the repository root)"""
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


def board_lines(rows):
    black = sum(r.count("X") for r in rows) == sum(r.count("O") for r in rows)
    lines = ["BOARD"]
    for y, r in enumerate(rows):
        for x, ch in enumerate(r):
            if ch in "XO":
                lines.append(f"{x},{y},{1 if (ch == 'X') == black else 2}")
    return lines


def start(brain, size, depth, threads):
    p = subprocess.Popen([brain], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                         bufsize=1)
    p.stdin.write("\n".join([f"START {size}", "INFO timeout_turn 1000000",
                             "INFO timeout_match 100000000", f"INFO max_depth {depth}",
                             f"INFO thread_num {threads}"]) + "\n")
    return p


def think(p, rows, clear):
    """The position's search on brain process p: (seconds, move)."""
    lines = (["YXHASHCLEAR"] if clear else []) + board_lines(rows)
    p.stdin.write("\n".join(lines) + "\n")
    p.stdin.flush()
    begin = time.time()
    p.stdin.write("DONE\n")
    p.stdin.flush()
    move = ""
    for reply in p.stdout:
        if "," in reply and not reply.startswith(("MESSAGE", "DEBUG", "OK", "ERROR", "UNKNOWN")):
            move = reply.strip()
            break
    return time.time() - begin, move


def stop(p):
    p.stdin.write("END\n")
    p.stdin.flush()
    p.wait()


def main():
    brain, depth, threads = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    one = len(sys.argv) > 4 and sys.argv[4] == "one"
    total = 0.0
    all_rows = positions()
    p = start(brain, len(all_rows[0]), depth, threads) if one else None
    for rows in all_rows:
        q = p or start(brain, len(rows), depth, threads)
        took, move = think(q, rows, clear=one)
        if not one:
            stop(q)
        total += took
        print(f"{took:7.3f} s move {move}")
    if one:
        stop(p)
    print(f"total {total:.2f} s threads {threads} depth {depth}{' one process' if one else ''}")


if __name__ == "__main__":
    main()
