#!/bin/sh
# Makes a balanced opening set for one rule and board size, the way tournaments/openings/ sets
# were made (see tournaments/README.md):
#   1. CANDIDATES random 3-stone openings near the centre (black at the centre, white on one of
#      the 8 neighbours, black again within 2 of the centre), from a fixed seed;
#   2. each one played once by pbrain-gamok against itself through gamok-arena at TURN_MS a move;
#   3. kept: openings whose game lasted at least MIN_STONES stones (no quick crush for either
#      side), taking as many black wins as white wins (draws always), up to KEEP openings.
# usage: tournaments/make-openings.sh RULE SIZE OUT_FILE [SEED]
# environment: CANDIDATES (40), KEEP (16), MIN_STONES (21), TURN_MS (100), BIN (./pbrain-gamok),
#              ARENA (build/gamok-arena)
set -eu
[ $# -ge 3 ] || { echo "usage: $0 RULE SIZE OUT_FILE [SEED]" >&2; exit 2; }
rule=$1 size=$2 out=$3 seed=${4:-1}
work=$(mktemp -d "${TMPDIR:-/tmp}/gamok-openings.XXXXXX")
trap 'rm -rf "$work"' EXIT INT TERM
awk -v n="${CANDIDATES:-40}" -v seed="$seed" 'BEGIN {
    srand(seed)
    while (made < n) {
        wx = int(rand() * 3) - 1; wy = int(rand() * 3) - 1
        bx = int(rand() * 5) - 2; by = int(rand() * 5) - 2
        if ((wx == 0 && wy == 0) || (bx == 0 && by == 0) || (bx == wx && by == wy)) continue
        line = sprintf("0,0, %d,%d, %d,%d", wx, wy, bx, by)
        if (line in seen) continue
        seen[line] = 1; made++; print line
    }
}' > "$work/candidates.txt"
"${ARENA:-build/gamok-arena}" --rule "$rule" --size "$size" --turn "${TURN_MS:-100}" --no-swap \
    --drawafter 150 --quiet --openings "$work/candidates.txt" --out "$work/run" \
    --engine "cmd=${BIN:-./pbrain-gamok}" name=a --engine "cmd=${BIN:-./pbrain-gamok}" name=b >/dev/null
# results.jsonl -> "opening-index winner stones", then balance black and white wins.
sed -n 's/.*"opening":\([0-9]*\),.*"winner":"\([a-z]*\)".*"moves":"\([^"]*\)".*/\1 \2 \3/p' \
    "$work/run/results.jsonl" | awk '{ print $1, $2, NF - 2 }' | sort -n > "$work/games.txt"
awk -v min="${MIN_STONES:-21}" -v keep="${KEEP:-16}" -v cand="$work/candidates.txt" \
    -v rule="$rule" -v size="$size" -v seed="$seed" '
    BEGIN { while ((getline l < cand) > 0) op[n++] = l }
    $3 >= min { idx[$2, ++cnt[$2]] = $1 }
    END {
        printf "# rule %s, %dx%d: balanced by pbrain-gamok self-play (tournaments/make-openings.sh %s %s FILE %s)\n", rule, size, size, rule, size, seed
        pairs = cnt["black"] < cnt["white"] ? cnt["black"] : cnt["white"]
        for (i = 1; i <= pairs && k < keep; i++) { print op[idx["black", i]]; print op[idx["white", i]]; k += 2 }
        for (i = 1; i <= cnt["none"] && k < keep; i++) { print op[idx["none", i]]; k++ }
    }' "$work/games.txt" > "$out"
echo "$out: $(grep -vc '^#' "$out") openings ($(wc -l < "$work/games.txt") games played)"
