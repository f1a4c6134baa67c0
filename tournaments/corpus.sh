#!/bin/sh
# Grows the game corpus (corpus/, one game a line; tournaments/corpus.h says the format): plays
# a round robin of the brains that know the rule, at a fast turn, from random unbalanced
# openings (tournaments/make-openings.sh SELECT=none: variety, not balance, is what a corpus
# needs; each game's result labels its positions), colours swapped, and adds the finished
# games to corpus/RULE-SIZE.txt through gamok-corpus (duplicates are dropped there).
#
# usage: tournaments/corpus.sh RULE SIZE OPENINGS SEED [TURN_MS]
#   e.g. tournaments/corpus.sh 0 15 40 1001 100
# Brains: ./pbrain-gamok, and from build/opponents (tournaments/opponents/build.sh) Rapfi
# (classical) and, where they play the rule (freestyle; exactly five as a weaker partner),
# AIWine and Pela. A brain that is not built is left out; at least two are needed.
# SELF_PLAY=1 plays each brain against a second copy of itself instead (one game an opening):
# then a result follows from the position rather than from who played it, which is what the
# values learn from (renju's round robin is Gamok against Rapfi, who wins nearly every game).
# environment: BRAINS (the names to play, of "gamok rapfi aiwine pela"; default all that are built),
#              STONES (3; 5 on boards above 15), OPP (build/opponents), BIN (./pbrain-gamok),
#              ARENA (build/gamok-arena), CORPUS_TOOL (build/gamok-corpus), KEEP_RUN (unset:
#              the arena's folder is removed once its games are in the corpus)
set -eu
[ $# -ge 4 ] || { echo "usage: $0 RULE SIZE OPENINGS SEED [TURN_MS]" >&2; exit 2; }
rule=$1 size=$2 count=$3 seed=$4 turn=${5:-100}
opp=${OPP:-build/opponents}
bin=${BIN:-./pbrain-gamok}
stones=${STONES:-$([ "$size" -gt 15 ] && echo 5 || echo 3)}
work=$(mktemp -d "${TMPDIR:-/tmp}/gamok-corpus.XXXXXX")
[ -n "${KEEP_RUN:-}" ] || trap 'rm -rf "$work"' EXIT INT TERM

brains=" ${BRAINS:-gamok rapfi aiwine pela} "
# wanted NAME: NAME is one of the brains asked for (BRAINS).
wanted() { case $brains in *" $1 "*) return 0 ;; esac; return 1; }
set --
! wanted gamok || set -- --engine "cmd=$(realpath "$bin") --threads 1" name=gamok
for name in rapfi aiwine pela; do # AIWine and Pela play freestyle and, weaker, exactly five
    [ "$name" = rapfi ] || [ "$rule" = 0 ] || [ "$rule" = 1 ] || continue
    ! wanted "$name" || [ ! -x "$opp/pbrain-$name" ] ||
        set -- "$@" --engine "cmd=$(realpath "$opp/pbrain-$name")" name="$name"
done
[ "$#" -ge 3 ] || { echo "$0: none of the brains asked for ($brains) is built" >&2; exit 1; }
[ "$#" -ge 4 ] || [ -n "${SELF_PLAY:-}" ] ||
    { echo "$0: only one brain for rule $rule: build the opponents first" >&2; exit 1; }

SELECT=none STONES=$stones CANDIDATES=$count sh "$(dirname "$0")/make-openings.sh" \
    "$rule" "$size" "$work/openings.txt" "$seed" >/dev/null

# play RUN ENGINE_ARGS...: the openings between those engines into $work/RUN/results.jsonl.
play() {
    run=$1; shift
    "${ARENA:-build/gamok-arena}" --rule "$rule" --size "$size" --turn "$turn" --tolerance 1000 \
        --openings "$work/openings.txt" --suspend --out "$work/$run" --fresh --quiet \
        ${SELF_PLAY:+--no-swap} "$@" >/dev/null
}
if [ -n "${SELF_PLAY:-}" ]; then
    # The engine arguments come in threes: --engine cmd=... name=...
    while [ "$#" -ge 3 ]; do
        play "self-${3#name=}" "$1" "$2" "$3" "$1" "$2" "$3-2"
        shift 3
    done
else
    play run "$@"
fi
mkdir -p corpus
"${CORPUS_TOOL:-build/gamok-corpus}" add corpus --tc "${turn}ms" "$work"/*/results.jsonl
