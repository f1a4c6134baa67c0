#!/bin/bash
# `make gpu-check OUT=DIR`: the whole GPU measurement as one command for a borrowed GPU machine
# (minutes of device time, no network, no cmocka): build with nvcc, the CUDA parity tests,
# `make bench` (the evaluators' speed, the crossover, Tables 5 and 6, the tree under cpu and
# auto), the brain's time to a fixed depth under each evaluator, thread scaling, the full test
# suite and a short match of 8 threads against 1. Everything goes into DIR/gpu-check.txt.
# Without a device the CPU parts run for real and the GPU parts say why they cannot.
# cmocka: Debian packages fetched beforehand into .cmocka/ (`make gpu-check-debs`) are unpacked
# into .cmocka/root when the system has none, and the Makefile takes it as CMOCKA_PREFIX.
set -u
out_dir=${1:?usage: gpu-check.sh OUT_DIR [REV]}
rev=${2:-unknown}
mkdir -p "$out_dir"
report="$out_dir/gpu-check.txt"
: > "$report"
jobs=$(nproc)

say() { printf '%s\n' "$@" | tee -a "$report"; }
# step NAME SECONDS CMD...: runs CMD with a time limit, output into the report, says how it ended.
step() {
    local name=$1 limit=$2; shift 2
    say "" "## $name  (limit ${limit} s): $*"
    local t0=$SECONDS
    timeout "$limit" "$@" >> "$report" 2>&1
    local rc=$?
    say "## $name: rc $rc, $((SECONDS - t0)) s"
    return $rc
}

say "# gpu-check, $(date -u '+%Y-%m-%d %H:%M:%S UTC'), tree $rev"
say "# machine: $(uname -srm), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2-), $jobs cores"
if command -v nvidia-smi >/dev/null 2>&1; then
    say "# GPU: $(nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader)"
else
    say "# GPU: none (no nvidia-smi)"
fi
say "# nvcc: $(command -v nvcc || echo "not on PATH") $(nvcc --version 2>/dev/null | tail -1)"

# cmocka: the system's, or the carried Debian packages unpacked into a prefix the Makefile takes.
if [ ! -f /usr/include/cmocka.h ] && [ -z "${CMOCKA_PREFIX:-}" ] && ls .cmocka/*.deb >/dev/null 2>&1; then
    export CMOCKA_PREFIX="$PWD/.cmocka/root"
    for deb in .cmocka/*.deb; do dpkg -x "$deb" "$CMOCKA_PREFIX"; done
    say "# cmocka unpacked from .cmocka/ into $CMOCKA_PREFIX"
fi

# Link-time optimisation needs the compiler's lto-wrapper: the GPU image's gcc has none.
lto_probe=$(mktemp -d)
echo 'int main(void) { return 0; }' > "$lto_probe/p.c"
if [ -z "${OPT+set}" ] && ! ${CC:-cc} -O2 -flto=auto "$lto_probe/p.c" -o "$lto_probe/p" 2>/dev/null; then
    export OPT=-O3
    say "# ${CC:-cc} cannot link with -flto here: building with OPT=-O3"
fi
rm -rf "$lto_probe"

step build 300 make -j"$jobs" all build/eval-bench build/tree-bench build/tests/test_cuda_parity || exit 1
step cuda-parity 60 ./build/tests/test_cuda_parity
step bench 240 make bench

# The brain through the protocol: wall time to a fixed depth from a quiet four-stone opening
# (no forced win within depth 12, so every run searches to its depth).
search_once() { # DEPTH BRAIN-ARGS...: prints the brain's lines and the milliseconds to its move
    local depth=$1; shift
    coproc BRAIN { ./pbrain-gamok --depth "$depth" "$@" 2>/dev/null; }
    printf 'START 15\nINFO timeout_turn 120000\nINFO timeout_match 0\nBOARD\n7,7,2\n8,8,1\n8,6,2\n7,6,1\nDONE\n' >&"${BRAIN[1]}"
    local t0 line
    t0=$(date +%s%N)
    while read -r line <&"${BRAIN[0]}"; do
        printf '  %s\n' "$line"
        case $line in [0-9]*,[0-9]*) break ;; esac
    done
    printf '  wall ms: %d (depth %s %s)\n' $((($(date +%s%N) - t0) / 1000000)) "$depth" "$*"
    echo END >&"${BRAIN[1]}"
    wait
}
evaluators() { for e in cpu cuda auto; do search_once 8 --evaluator "$e"; done; }
export -f search_once evaluators
step evaluators-depth-8 150 bash -c evaluators

# Thread scaling: the wall time to depth 11 over the tree-bench middle games (Lazy SMP). Depth
# 11, not 9: the policy tree reaches depth 9 in 4 s on one thread, too little work to share
# (3.9x with 16 threads, results/2026-11-27-gpu-h200.txt).
threads() { for t in 1 2 4 8 16; do ./build/tree-bench --depth 11 --threads "$t"; done; }
export -f threads
step threads-depth-11 240 bash -c threads

step test 300 make -j"$jobs" test

# The match's folder stays out of DIR (one file per game); its results file is copied there.
match_dir=$(mktemp -d)
step match-8-threads-vs-1 150 ./build/gamok-arena --openings tournaments/openings/freestyle15-classic26.txt \
    --random --seed 11 --max-openings 4 --turn 300 --tolerance 1000 --concurrency 1 \
    --out "$match_dir" --fresh --quiet \
    --engine "cmd=./pbrain-gamok --threads 8 --evaluator cpu" name=threads-8 \
    --engine "cmd=./pbrain-gamok --threads 1 --evaluator cpu" name=threads-1
cp "$match_dir/results.jsonl" "$out_dir/match-results.jsonl" 2>/dev/null
say "" "# gpu-check done in $SECONDS s"
