#!/usr/bin/env bash
# The scale-out path run for real (tournaments/README.md, Scale-out): a small tournament played
# as 3 shards through GNU parallel (local jobs, two at a time), merged with `gamok-arena merge`,
# must equal the same tournament played unsharded: the same game ids with the same players,
# moves, results and ends. The engines are the tests' tiny brains (tests/brains), so it takes
# seconds. Skips (exit 0, a SKIP line saying why) where GNU parallel is missing.
# Prints its result in cmocka's summary format, so that tests/run-suites.sh counts it.
# Usage: ARENA_BIN=build/gamok-arena TEST_BRAIN=build/tests/brains/pbrain-misbehave \
#        tests/test_parallel.sh
set -u
arena=${ARENA_BIN:-build/gamok-arena}
brain=${TEST_BRAIN:-build/tests/brains/pbrain-misbehave}

if ! command -v parallel >/dev/null 2>&1; then
    echo "SKIP test_parallel: GNU parallel not installed (apt-get install parallel)"
    echo "[  SKIPPED ] 1 test(s), listed below:"
    exit 0
fi
arena=$(realpath "$arena") && brain=$(realpath "$brain") || exit 1
dir=$(mktemp -d /tmp/gamok-parallel-test-XXXXXX)

fail() {
    echo "FAIL test_parallel: $*"
    echo "[  FAILED  ] 1 test(s), listed below:"
    echo "(kept for a look: $dir)"
    exit 1
}

# 3 engines, 3 openings, colours swapped: 18 games of 3 pairings, split into 3 shards.
args=(--turn 300 --tolerance 1000 --drawafter 30 --quiet --concurrency 1
      --openings tournaments/openings/freestyle15-classic26.txt --max-openings 3
      --random --seed 5 --symmetry
      --engine "cmd=$brain good" name=good --engine "cmd=$brain noisy" name=noisy
      --engine "cmd=$brain occupied" name=occupied)

"$arena" "${args[@]}" --out "$dir/full" >"$dir/full.log" 2>&1 ||
    fail "the unsharded run failed (log: $dir/full.log)"
# -q: every argument reaches the arena as it is, spaces included
parallel --will-cite -q -j2 "$arena" "${args[@]}" --shard '{}/3' --out "$dir/shard-{}" \
    ::: 1 2 3 >"$dir/parallel.log" 2>&1 || fail "a shard failed (log: $dir/parallel.log)"
"$arena" merge "$dir/merged.jsonl" "$dir"/shard-{1,2,3}/results.jsonl >"$dir/merge.log" 2>&1 ||
    fail "merge failed (log: $dir/merge.log)"

# A game without what may differ between runs: think times and peak memory.
games() {
    sed -E 's/,"ms":"[^"]*"//; s/,"(black|white)_rss_kb":[0-9]+//g' "$1" | sort
}
for s in 1 2 3; do
    n=$(wc -l <"$dir/shard-$s/results.jsonl")
    [ "$n" -gt 0 ] && [ "$n" -lt 18 ] || fail "shard $s played $n games of 18"
done
[ "$(wc -l <"$dir/full/results.jsonl")" -eq 18 ] || fail "the unsharded run did not play 18 games"
games "$dir/full/results.jsonl" >"$dir/full.games"
games "$dir/merged.jsonl" >"$dir/merged.games"
diff "$dir/full.games" "$dir/merged.games" >"$dir/diff.txt" ||
    fail "the merged shards differ from the unsharded run: $(head -c 600 "$dir/diff.txt")"

echo "test_parallel: 3 shards through GNU parallel (-j2) merged into the unsharded run's 18 games"
echo "[  PASSED  ] 1 test(s)."
rm -rf "$dir"
