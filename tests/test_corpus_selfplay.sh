#!/usr/bin/env bash
# tournaments/corpus.sh run for real with the tests' tiny brain (tests/brains) in place of
# pbrain-gamok and no opponents built: alone it must refuse (a round robin needs two brains);
# with SELF_PLAY=1 it plays the brain against a copy of itself, one game an opening (no colour
# swap: the same brain from the same opening would play the same game), and adds them to the
# corpus; BRAINS picks which brains play (the tiny brain stands in for a built Rapfi too).
# Prints its result in cmocka's summary format, so that tests/run-suites.sh counts it.
# Usage: ARENA_BIN=build/gamok-arena CORPUS_BIN=build/gamok-corpus \
#        TEST_BRAIN=build/tests/brains/pbrain-misbehave tests/test_corpus_selfplay.sh
set -u
arena=$(realpath "${ARENA_BIN:-build/gamok-arena}") || exit 1
corpus_tool=$(realpath "${CORPUS_BIN:-build/gamok-corpus}") || exit 1
brain=$(realpath "${TEST_BRAIN:-build/tests/brains/pbrain-misbehave}") || exit 1
script=$(realpath tournaments/corpus.sh) || exit 1
dir=$(mktemp -d /tmp/gamok-corpus-test-XXXXXX)

fail() {
    echo "FAIL test_corpus_selfplay: $*"
    echo "[  FAILED  ] 1 test(s), listed below:"
    echo "(kept for a look: $dir)"
    exit 1
}

# run [OPP_DIR]: corpus.sh on 3 freestyle 15x15 openings, opponents from OPP_DIR (none by default)
run() { (cd "$dir" && BIN=$brain OPP=${1:-$dir/no-opponents} ARENA=$arena CORPUS_TOOL=$corpus_tool \
         sh "$script" 0 15 3 7 100 >>"$dir/log" 2>&1); }

run && fail "a round robin of one brain ran (log: $dir/log)"
[ -e "$dir/corpus" ] && fail "the refused round robin wrote a corpus"
SELF_PLAY=1 run || fail "the self-play run failed (log: $dir/log)"
games=$dir/corpus/0-15.txt
[ "$(wc -l <"$games")" -eq 3 ] || fail "3 openings gave $(wc -l <"$games") games, not 3"
awk '$6 != "gamok" || $7 != "gamok-2" { bad = 1 } END { exit bad }' "$games" ||
    fail "a game not of the brain against its copy: $(head -c 300 "$games")"
[ "$(cut -d' ' -f8 "$games" | grep -oE '^([a-o][0-9]+){3}' | sort -u | wc -l)" -eq 3 ] ||
    fail "the 3 games do not start from 3 openings"

BRAINS=rapfi SELF_PLAY=1 run && fail "BRAINS=rapfi ran with no Rapfi built"
mkdir "$dir/opp" && ln -s "$brain" "$dir/opp/pbrain-rapfi"
rm -r "$dir/corpus"
BRAINS=rapfi SELF_PLAY=1 run "$dir/opp" || fail "BRAINS=rapfi SELF_PLAY=1 failed (log: $dir/log)"
[ "$(wc -l <"$games")" -eq 3 ] || fail "BRAINS=rapfi: $(wc -l <"$games") games, not 3"
awk '$6 != "rapfi" || $7 != "rapfi-2" { bad = 1 } END { exit bad }' "$games" ||
    fail "BRAINS=rapfi played another brain: $(head -c 300 "$games")"

echo "test_corpus_selfplay: one brain refused; SELF_PLAY=1 added 3 games of it against its copy;"
echo "  BRAINS=rapfi refused with no Rapfi and played only Rapfi's copies with one"
echo "[  PASSED  ] 1 test(s)."
rm -rf "$dir"
