#!/bin/sh
# make regress: a short SPRT of this build (NEW_BIN) against a previous revision REV, built from
# `git archive` in a temporary folder (the work tree is not touched). The tactical suites run
# first as the Makefile's `test` prerequisite.
# usage: tournaments/regress.sh REV NEW_BIN ARENA_BIN
# Settings from the environment: SPRT (elo0,elo1,alpha,beta; default -10,10,0.05,0.05),
# TURN_MS (200), OPENINGS (tournaments/openings/freestyle15-classic26.txt), ROUNDS (2),
# OUT (build/regress), JOBS (concurrency; default: cores).
set -eu
[ $# -eq 3 ] || { echo "usage: $0 REV NEW_BIN ARENA_BIN" >&2; exit 2; }
rev=$1 new_bin=$2 arena=$3
sprt=${SPRT:--10,10,0.05,0.05}
out=${OUT:-build/regress}
old=$(mktemp -d "${TMPDIR:-/tmp}/gamok-regress.XXXXXX")
trap 'rm -rf "$old"' EXIT INT TERM
echo "building $rev in $old"
git rev-parse --verify --quiet "$rev^{commit}" >/dev/null || { echo "unknown revision: $rev" >&2; exit 2; }
git archive "$rev" | tar -x -C "$old"
make -C "$old" NO_CUDA=1 pbrain-gamok >"$old/build.log" 2>&1 || { tail -20 "$old/build.log" >&2; exit 1; }
jobs=${JOBS:+--concurrency $JOBS}
# shellcheck disable=SC2086
"$arena" --openings "${OPENINGS:-tournaments/openings/freestyle15-classic26.txt}" --random \
    --seed "$(date +%s)" --rounds "${ROUNDS:-2}" --turn "${TURN_MS:-200}" --tolerance 1000 \
    --drawafter 200 --sprt "$sprt" --out "$out" --fresh $jobs \
    --engine "cmd=$new_bin" name=new --engine "cmd=$old/pbrain-gamok" name="old-$(git rev-parse --short "$rev")"
