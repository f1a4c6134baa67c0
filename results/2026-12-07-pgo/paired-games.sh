#!/bin/bash
# paired timing: two brains play the same depth-capped game at once, sides of the cores swapped
cd /work/main
run() { /usr/bin/time -f "%U" ./build/selfplay --quiet --turn 60000 --opening "$2" "$1 --depth 12" "$1 --depth 12" 2>&1 | grep -E "^[0-9.]+$|^result" | tr '\n' ' '; }
for op in "0,0 1,-1 -1,-2" "0,0 -1,1 1,2" "0,0 2,0 1,1"; do
  a=$( { run ./pbrain-gamok "$op" > /tmp/a.txt; } & { run $B "$op" > /tmp/b.txt; } ; wait; echo "plain: $(cat /tmp/a.txt) | pgo: $(cat /tmp/b.txt)")
  echo "$op :: $a"
done
