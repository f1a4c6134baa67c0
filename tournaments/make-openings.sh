#!/bin/sh
# Makes a balanced opening set for one rule and board size (see tournaments/README.md):
#   1. CANDIDATES random openings near the centre, from a fixed seed: SELECT=eval takes STONES
#      stones (black first, on the centre, the others within 2 of it), one per position up to
#      symmetry; SELECT=game takes 3 (white on one of the 8 neighbours, black within 2);
#   2. SELECT=eval (the default): each one searched by pbrain-gamok to a fixed DEPTH (one
#      thread, no time limit: the same scores on every machine); kept: the KEEP openings whose
#      score for the side to move is nearest 0, in candidate order, their scores listed in the
#      file's header.
#      With JUDGE set (a Gomocup brain's command line, run through sh -c), each one is given
#      to that brain instead, JUDGE_MS a move, and its last "Eval E" (Rapfi's MESSAGE lines) or
#      "score S" (ours) read; a proven result (Rapfi's "+M25") is never kept. A stronger
#      brain's judgement is what a tournament's balanced openings rest on: our depth 8 kept
#      openings Rapfi proves won for white in 1 s (docs/strength.md).
#      SELECT=none: all CANDIDATES as they are, unbalanced (for a game corpus, where each
#      game's result labels its positions and variety matters more than balance);
#      SELECT=game (how the first sets were made): each one played once by pbrain-gamok against
#      itself through gamok-arena at TURN_MS a move; kept: openings whose game lasted at least
#      MIN_STONES stones, as many black wins as white wins (draws always), up to KEEP.
# usage: tournaments/make-openings.sh RULE SIZE OUT_FILE [SEED]
# environment: SELECT (eval), CANDIDATES (40), KEEP (16), STONES (3), DEPTH (8), MIN_STONES (21),
#              TURN_MS (100), BIN (./pbrain-gamok), ARENA (build/gamok-arena), JUDGE (unset),
#              JUDGE_MS (1000)
set -eu
[ $# -ge 3 ] || { echo "usage: $0 RULE SIZE OUT_FILE [SEED]" >&2; exit 2; }
rule=$1 size=$2 out=$3 seed=${4:-1}
work=$(mktemp -d "${TMPDIR:-/tmp}/gamok-openings.XXXXXX")
trap 'rm -rf "$work"' EXIT INT TERM
select=${SELECT:-eval}
case $select in eval|game|none) ;; *) echo "$0: SELECT must be eval, game or none, not '$select'" >&2; exit 2 ;; esac
# awk's rand() is not seedable everywhere (one Ubuntu mawk ignores srand's seed): the sets come
# from glibc's random() written out here, the sequence mawk here and gawk give for srand(SEED).
random_awk='
function rnd_seed(s,   i) {
    if (s == 0) s = 1
    rs[0] = s
    for (i = 1; i < 31; i++) rs[i] = (16807 * rs[i - 1]) % 2147483647
    for (i = 31; i < 34; i++) rs[i] = rs[i - 31]
    for (i = 34; i < 344; i++) rs[i] = (rs[i - 31] + rs[i - 3]) % 4294967296
    rn = 344
}
function rnd(   v) {
    v = (rs[(rn - 31) % 344] + rs[(rn - 3) % 344]) % 4294967296
    rs[rn % 344] = v; rn++
    return int(v / 2) / 2147483648
}'
if [ "$select" = game ]; then
awk -v n="${CANDIDATES:-40}" -v seed="$seed" "$random_awk"'
BEGIN {
    rnd_seed(seed)
    while (made < n) {
        wx = int(rnd() * 3) - 1; wy = int(rnd() * 3) - 1
        bx = int(rnd() * 5) - 2; by = int(rnd() * 5) - 2
        if ((wx == 0 && wy == 0) || (bx == 0 && by == 0) || (bx == wx && by == wy)) continue
        line = sprintf("0,0, %d,%d, %d,%d", wx, wy, bx, by)
        if (line in seen) continue
        seen[line] = 1; made++; print line
    }
}' > "$work/candidates.txt"
else
# SELECT=eval or none: STONES stones (black first, on the centre), the others anywhere within 2 of it;
# one candidate per position up to the 8 board symmetries (their scores are the same).
awk -v n="${CANDIDATES:-40}" -v seed="$seed" -v k="${STONES:-3}" "$random_awk"'
function key(t,    i, a, b, x, y, tx, ty, list, tmp, out) {
    for (i = 0; i < k; i++) {
        x = sx[i]; y = sy[i]
        tx = t % 2 ? -x : x; ty = int(t / 2) % 2 ? -y : y
        if (t >= 4) { tmp = tx; tx = ty; ty = tmp }
        list[i] = sprintf("%d:%+d:%+d", i % 2, tx, ty)
    }
    for (a = 1; a < k; a++) for (b = a; b > 0 && list[b] < list[b - 1]; b--) {
        tmp = list[b]; list[b] = list[b - 1]; list[b - 1] = tmp
    }
    out = ""
    for (i = 0; i < k; i++) out = out " " list[i]
    return out
}
BEGIN {
    rnd_seed(seed)
    while (made < n && tries++ < 100000) {
        sx[0] = 0; sy[0] = 0; ok = 1
        for (i = 1; i < k && ok; i++) {
            sx[i] = int(rnd() * 5) - 2; sy[i] = int(rnd() * 5) - 2
            for (j = 0; j < i; j++) if (sx[j] == sx[i] && sy[j] == sy[i]) ok = 0
        }
        if (!ok) continue
        best = ""
        for (t = 0; t < 8; t++) { c = key(t); if (best == "" || c < best) best = c }
        if (best in seen) continue
        seen[best] = 1; made++
        line = "0,0"
        for (i = 1; i < k; i++) line = line sprintf(", %d,%d", sx[i], sy[i])
        print line
    }
}' > "$work/candidates.txt"
fi
if [ "$select" = none ]; then
    { printf '# rule %s, %dx%d: %s random openings of %s stones, not balanced (tournaments/make-openings.sh %s %s FILE %s; SELECT=none)\n' \
        "$rule" "$size" "$size" "$(wc -l < "$work/candidates.txt")" "${STONES:-3}" "$rule" "$size" "$seed"
      cat "$work/candidates.txt"; } > "$out"
    echo "$out: $(grep -vc '^#' "$out") openings (not balanced)"
    exit 0
fi
# SELECT=eval: one protocol session per candidate (BOARD: 1 = the side to move's stones), the
# final summary line "MESSAGE depth D score S nodes N" read for S.
if [ "$select" = eval ]; then
    n=0
    while IFS= read -r line; do
        # the stones in the game's order (black first, colours alternating): a judge that reads
        # BOARD as a game (Rapfi) then thinks for the side to move
        session=$(echo "$line" | awk -v size="$size" -v rule="$rule" -v depth="${DEPTH:-8}" \
                                     -v judge_ms="${JUDGE:+${JUDGE_MS:-1000}}" '{
            gsub(/ /, ""); k = split($0, v, ","); c = int(size / 2); stones = k / 2
            mover = stones % 2 ? 2 : 1
            printf "START %d\nINFO rule %d\n", size, rule
            if (judge_ms) printf "INFO timeout_turn %d\nINFO timeout_match 0\nBOARD\n", judge_ms
            else printf "INFO max_depth %d\nINFO timeout_turn 600000\nBOARD\n", depth
            for (j = 0; j < stones; j++)
                printf "%d,%d,%d\n", c + v[2 * j + 1], c + v[2 * j + 2], (j % 2 ? 2 : 1) == mover ? 1 : 2
            printf "DONE\nABOUT\n"
        }')
        if [ -n "${JUDGE:-}" ]; then
            said=$(echo "$session" | sh -c "$JUDGE" 2>/dev/null) || true
        else
            said=$(echo "$session" | "${BIN:-./pbrain-gamok}" --threads 1) || true
        fi
        # Rapfi: "MESSAGE Depth 18-31 | Eval -104 | ..."; ours: "MESSAGE depth 9 score -40 ..."
        score=$(echo "$said" | sed -n 's/^MESSAGE .*| Eval \([^ |]*\).*/\1/p; s/^MESSAGE depth [0-9]* score \(-\{0,1\}[0-9]*\) .*/\1/p' | tail -n 1)
        [ -n "$score" ] || { echo "$0: no score for opening '$line'" >&2; exit 1; }
        echo "$n $score" >> "$work/scores.txt"
        n=$((n + 1))
    done < "$work/candidates.txt"
    # the KEEP candidates nearest 0 (ties: the earlier one), as "index score" lines
    awk '$2 !~ /M/ { print ($2 < 0 ? -$2 : $2), $1, $2 }' "$work/scores.txt" | sort -n -k1,1 -k2,2 |
        head -n "${KEEP:-16}" | awk '{ print $2, $3 }' > "$work/kept.txt"
    awk -v cand="$work/candidates.txt" -v rule="$rule" -v size="$size" \
        -v seed="$seed" -v depth="${DEPTH:-8}" -v n="$n" -v stones="${STONES:-3}" \
        -v judge="${JUDGE:-}" -v judge_ms="${JUDGE_MS:-1000}" '
        BEGIN { while ((getline l < cand) > 0) op[m++] = l }
        { kept[$1] = 1; s[$1] = $2 }
        END {
            if (judge != "")
                printf "# rule %s, %dx%d: balanced by the judgement of %s at %s ms (tournaments/make-openings.sh %s %s FILE %s; SELECT=eval STONES=%s CANDIDATES=%d JUDGE_MS=%s)\n", rule, size, size, judge, judge_ms, rule, size, seed, stones, n, judge_ms
            else
                printf "# rule %s, %dx%d: balanced by pbrain-gamok search scores (tournaments/make-openings.sh %s %s FILE %s; SELECT=eval STONES=%s DEPTH=%s CANDIDATES=%d)\n", rule, size, size, rule, size, seed, stones, depth, n
            printf "# scores for the side to move, in order:"
            for (i = 0; i < m; i++) if (i in kept) printf " %s", s[i]
            printf "\n"
            for (i = 0; i < m; i++) if (i in kept) print op[i]
        }' "$work/kept.txt" > "$out"
    how="searched to depth ${DEPTH:-8}"
    [ -z "${JUDGE:-}" ] || how="judged by $JUDGE"
    echo "$out: $(grep -vc '^#' "$out") openings ($n candidates $how)"
    exit 0
fi
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
