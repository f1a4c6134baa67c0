#!/bin/sh
# The soak (make soak; tournaments/README.md): pbrain-gamok against Pela and against itself at
# fast-game clocks, two games at a time, on the balanced freestyle openings with colours swapped
# and a random symmetry each, one process per engine and worker reused for every game (as
# c-gomoku-cli runs brains: a leak then shows up as growth), each engine's peak memory recorded
# per game; then tournaments/soak-report.py on the results. Without Pela: self-play only.
#
#   tournaments/soak.sh GAMES TURN_MS MATCH_MS OUT ARENA BRAIN PELA
#
# GAMES is rounded up to whole rounds of the openings. Rerunning the same command resumes.
set -eu
games=$1 turn=$2 match=$3 out=$4 arena=$5 brain=$6 pela=$7
openings=tournaments/openings/freestyle15.txt

set -- --engine "cmd=$brain" name=gamok
pairings=1
if [ -x "$pela" ]; then
    set -- "$@" --engine "cmd=$pela" name=pela
    pairings=2
else
    echo "soak: $pela is missing (tournaments/opponents/build.sh pela builds it): self-play only"
fi
set -- "$@" --engine "cmd=$brain" name=gamok-self

# Colour-swapped pairs per pairing, in whole rounds of the openings.
count=$(grep -cv '^[[:space:]]*\(#\|$\)' "$openings")
pairs=$(( (games + 2 * pairings - 1) / (2 * pairings) ))
if [ "$pairs" -le "$count" ]; then rounds=1 take=$pairs
else rounds=$(( (pairs + count - 1) / count )) take=$count; fi
echo "soak: $(( take * rounds * 2 * pairings )) games ($pairings pairings x $take openings x $rounds rounds x 2 colours), $turn ms a turn, $match ms a game, 2 at a time"

"$arena" --gauntlet --reuse --concurrency 2 --turn "$turn" --match "$match" \
    --openings "$openings" --random --seed 1 --symmetry --max-openings "$take" \
    --rounds "$rounds" --out "$out" "$@"
python3 tournaments/soak-report.py "$out/results.jsonl" --check gamok,gamok-self
