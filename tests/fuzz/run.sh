#!/usr/bin/env bash
# Runs the libFuzzer harnesses built by `make fuzz-build` (docs/fuzzing.md).
#   run.sh fuzz SECONDS LOGDIR BINDIR NAME...  each harness SECONDS on a scratch copy of
#       tests/fuzz/corpus/NAME; LOGDIR/NAME.log (command and date on top), crash inputs as
#       LOGDIR/NAME-crash-*; with FUZZ_KEEP=1 the new inputs are merged, minimised, into the
#       committed corpus
#   run.sh replay BINDIR NAME...  every committed corpus and tests/fuzz/regressions/NAME input
#       once (no fuzzing)
# Exits 1 when any harness crashed, leaked, hung or failed to run.
set -u
here=$(cd "$(dirname "$0")" && pwd)
invocation="$0 $*"
mode=$1
shift

# Harness-specific libFuzzer options: a cap on the input size where the harness caps it too,
# and the dictionary when there is one.
options() {
    local name=$1 opts="-timeout=10 -rss_limit_mb=2048"
    case $name in
        protocol | blocks | info) opts="$opts -max_len=2048" ;;
        replies | results | openings) opts="$opts -max_len=8192" ;;
    esac
    [ -f "$here/$name.dict" ] && opts="$opts -dict=$here/$name.dict"
    echo "$opts"
}

replay() {
    local bindir=$1 status=0
    shift
    for name in "$@"; do
        local files=()
        for dir in "$here/corpus/$name" "$here/regressions/$name"; do
            [ -d "$dir" ] && for f in "$dir"/*; do [ -f "$f" ] && files+=("$f"); done
        done
        if [ ${#files[@]} -eq 0 ]; then echo "fuzz-replay $name: no inputs"; status=1; continue; fi
        if "$bindir/fuzz_$name" $(options "$name") "${files[@]}" >"$bindir/replay-$name.log" 2>&1; then
            echo "fuzz-replay $name: ${#files[@]} inputs, no crash"
        else
            echo "fuzz-replay $name: FAILED (log: $bindir/replay-$name.log)"
            tail -n 30 "$bindir/replay-$name.log"
            status=1
        fi
    done
    return $status
}

# The last libFuzzer status line's figures: "exec/s N cov N ft N corp N".
summary() {
    grep -E '^#[0-9]+.*(DONE|pulse|NEW|REDUCE|INITED)' "$1" | tail -n 1 |
        sed -E 's/.*cov: ([0-9]+) ft: ([0-9]+) corp: ([0-9]+)[^ ]* .*exec\/s: ([0-9]+).*/exec\/s \4, cov \1, ft \2, corpus \3/'
}

fuzz() {
    local seconds=$1 logdir=$2 bindir=$3 status=0
    shift 3
    mkdir -p "$logdir"
    for name in "$@"; do
        local scratch="$logdir/corpus-$name" log="$logdir/$name.log"
        rm -rf "$scratch" && mkdir -p "$scratch"
        cp "$here/corpus/$name"/* "$scratch"/ 2>/dev/null
        local cmd=("$bindir/fuzz_$name" $(options "$name") -max_total_time="$seconds"
                   -print_final_stats=1 -artifact_prefix="$logdir/$name-" "$scratch")
        { echo "# run by: $invocation"; echo "# command: ${cmd[*]}"
          echo "# date: $(date -u '+%Y-%m-%d %H:%M:%S UTC')"
          echo "# host: $(nproc) cores, $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1)"
        } >"$log"
        if "${cmd[@]}" >>"$log" 2>&1; then
            echo "fuzz $name: ${seconds} s, $(summary "$log")"
        else
            echo "fuzz $name: FAILED (log: $log; input: $(ls "$logdir/$name"-* 2>/dev/null | head -n 1))"
            grep -E '^(==[0-9]+==|SUMMARY|.*runtime error)' "$log" | head -n 5
            status=1
        fi
        if [ "${FUZZ_KEEP:-0}" = 1 ]; then
            "$bindir/fuzz_$name" $(options "$name") -merge=1 "$here/corpus/$name" "$scratch" \
                >>"$log" 2>&1 || status=1
        fi
    done
    return $status
}

case $mode in
    fuzz) fuzz "$@" ;;
    replay) replay "$@" ;;
    *) echo "usage: $0 fuzz SECONDS LOGDIR BINDIR NAME... | replay BINDIR NAME..." >&2; exit 2 ;;
esac
