#!/bin/sh
# A small match until the tournament runner exists: every opening of a file (Gomocup offset
# format, one per line) is played twice, colours swapped, between engine A and engine B, JOBS
# games at a time (default 2). Prints each game, then A's wins, losses, draws and score.
# usage: tournaments/minimatch.sh OPENINGS_FILE "ENGINE_A" "ENGINE_B" [selfplay options...]
set -eu
if [ "${1:-}" = --one ]; then  # one game: --one "ID<TAB>ORDER<TAB>OPENING"
    id=$(printf '%s' "$2" | cut -f1) order=$(printf '%s' "$2" | cut -f2) op=$(printf '%s' "$2" | cut -f3)
    if [ "$order" = A ]; then first=$MM_A second=$MM_B; else first=$MM_B second=$MM_A; fi
    # shellcheck disable=SC2086
    game=$("$MM_SELFPLAY" --quiet --opening "$op" $MM_OPTS "$first" "$second")
    w=$(printf '%s\n' "$game" | sed -n 's/^winner: //p')
    why=$(printf '%s\n' "$game" | sed -n 's/^result: //p')
    r=draw; [ "$w" = "$MM_A" ] && r=A-wins; [ "$w" = "$MM_B" ] && r=B-wins
    echo "opening $id, $order moves first: $r  [$why]"
    exit 0
fi
[ $# -ge 3 ] || { echo "usage: $0 OPENINGS_FILE ENGINE_A ENGINE_B [selfplay options]" >&2; exit 2; }
openings=$1
MM_A=$2 MM_B=$3
shift 3
MM_OPTS="$*" MM_SELFPLAY=${SELFPLAY:-build/selfplay}
export MM_A MM_B MM_OPTS MM_SELFPLAY
out=$(awk 'NF { n++; printf "%d\t%s\t%s\n%d\t%s\t%s\n", n, "A", $0, n, "B", $0 }' "$openings" |
      xargs -d '\n' -P "${JOBS:-2}" -n 1 sh "$0" --one)
printf '%s\n' "$out"
printf '%s\n' "$out" | awk -v a="$MM_A" -v b="$MM_B" '
    /A-wins/ { w++ } /B-wins/ { l++ } /draw/ { d++ }
    END { n = w + l + d; printf "%s vs %s: %d games, +%d -%d =%d, score %.1f%%\n", a, b, n, w, l, d, n ? 100 * (w + d / 2) / n : 0 }'
