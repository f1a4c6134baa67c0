#!/usr/bin/env python3
"""Compares two depth-bench outputs (build/depth-bench, best with --nodes N: the same trees on a
busy machine) position by position:

  bench/compare-depth-bench.py BEFORE.txt AFTER.txt

Prints the summed completed depth of the middle games, the wins proven, and over the wins both
proved the geometric mean of the ratio of nodes to the proof (after / before) with how many took
fewer and more; then the traps avoided, and those that changed. Positions pair up by their order
in the files (the same bench, same files)."""
import math
import re
import sys


def load(path):
    """(completed depths of the middle games, nodes to each known win's proof or None,
    (name, avoided) of each trap)."""
    depths, proofs, traps = [], [], []
    for line in open(path):
        m = re.match(r"  (.{48}) (avoided|TRAPPED) ", line)
        if m:
            traps.append((m.group(1).strip(), m.group(2) == "avoided"))
            continue
        m = re.search(r"depth +(\d+) +nodes +(\d+) +score", line)
        if m:
            depths.append(int(m.group(1)))
            continue
        m = re.search(r"proven in +\d+ ms +(\d+) nodes", line)
        if m:
            proofs.append(int(m.group(1)))
        elif "not proven" in line:
            proofs.append(None)
    return depths, proofs, traps


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    (da, pa, ta), (db, pb, tb) = load(sys.argv[1]), load(sys.argv[2])
    if len(da) != len(db) or len(pa) != len(pb) or len(ta) != len(tb):
        sys.exit("the two outputs cover different positions")
    both = [(x, y) for x, y in zip(pa, pb) if x and y]
    ratio = math.exp(sum(math.log(y / x) for x, y in both) / len(both)) if both else float("nan")
    print(f"middle games: summed depth {sum(da)} -> {sum(db)} over {len(da)}; "
          f"wins proven {sum(1 for x in pa if x)} -> {sum(1 for x in pb if x)} of {len(pa)}; "
          f"proved by both {len(both)}: nodes to the proof x{ratio:.3f} (geometric mean), "
          f"fewer in {sum(1 for x, y in both if y < x)}, more in {sum(1 for x, y in both if y > x)}")
    if ta:
        changed = [f"{name} ({'avoided' if b else 'trapped'})"
                   for (name, a), (_, b) in zip(ta, tb) if a != b]
        print(f"traps avoided {sum(a for _, a in ta)} -> {sum(b for _, b in tb)} of {len(ta)}"
              + (f"; changed: {', '.join(changed)}" if changed else ""))


if __name__ == "__main__":
    main()
