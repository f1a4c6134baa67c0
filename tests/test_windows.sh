#!/usr/bin/env bash
# The Windows brain (make windows) under Wine, through a scripted Gomocup session as a manager
# would run it: ABOUT first, OK to START, a legal move to BEGIN, TURN and BOARD, ERROR on bad
# input, UNKNOWN on an unknown command, and END makes the process exit with status 0.
# Commands end in CR LF as Piskvork sends them; replies may end in CR LF (Windows text mode).
# Skips (exit 0, a SKIP line saying why) where the .exe could not be built or Wine is missing.
# Usage: tests/test_windows.sh [path/to/pbrain-gamok.exe]
set -u
exe=${1:-build-win/pbrain-gamok.exe}
size=15

skip() { echo "SKIP test_windows: $*"; exit 0; }
[ -f "$exe" ] || skip "$exe not built (needs mingw-w64: apt-get install gcc-mingw-w64-x86-64; make windows)"
wine=$(command -v wine64 || command -v wine) || skip "Wine not installed (apt-get install wine64)"

# A private prefix beside the .exe: nothing of the user's ~/.wine is read or changed.
WINEPREFIX=$(cd "$(dirname "$exe")" && pwd)/wineprefix
export WINEPREFIX WINEDEBUG=-all
log=$(dirname "$exe")/test_windows.stderr

coproc BRAIN { exec "$wine" "$exe" 2>"$log"; }
# shellcheck disable=SC2153 # (BRAIN_PID is set by coproc)
brain_pid=$BRAIN_PID

stop_wine() { wineserver -k >/dev/null 2>&1 || true; }
fail() {
    echo "FAIL test_windows: $*"
    kill "$brain_pid" 2>/dev/null
    stop_wine
    exit 1
}
send() { printf '%s\r\n' "$1" >&"${BRAIN[1]}"; }

# The next reply line without its CR, skipping the lines managers skip (MESSAGE, DEBUG, empty).
# $1: seconds to wait (the first Wine start in a fresh prefix takes seconds to tens of seconds).
reply=
next_reply() {
    local line
    while IFS= read -r -t "$1" line <&"${BRAIN[0]}"; do
        line=${line%$'\r'}
        case $line in '' | 'MESSAGE '* | 'DEBUG '*) continue ;; esac
        reply=$line
        return 0
    done
    fail "no reply within $1 s (stderr: $(head -c 400 "$log"))"
}

expect() { # $1 command, $2 glob the reply must match
    send "$1"
    next_reply 30
    # shellcheck disable=SC2254
    case $reply in $2) ;; *) fail "'$1' answered '$reply', expected '$2'" ;; esac
}

# Cells taken so far, as " x,y " words.
taken=" "
take() { taken="$taken$1 "; }
expect_move() { # $1 command whose reply must be a free on-board cell, which then counts as taken
    send "$1"
    next_reply 60
    [[ $reply =~ ^([0-9]+),([0-9]+)$ ]] || fail "'$1' answered '$reply', not a move"
    ((BASH_REMATCH[1] < size && BASH_REMATCH[2] < size)) || fail "'$1': move $reply is off the board"
    [[ $taken == *" $reply "* ]] && fail "'$1': move $reply is on an occupied cell"
    take "$reply"
}
free_cell() { # prints a free cell from the corner inwards
    local i
    for ((i = 0; i < size; i++)); do
        [[ $taken == *" $i,0 "* ]] || { echo "$i,0"; return; }
    done
}

started=$(date +%s)
send ABOUT
next_reply 180
case $reply in 'name="Gamok"'*) ;; *) fail "ABOUT answered '$reply'" ;; esac
echo "test_windows: Wine answered ABOUT after $(($(date +%s) - started)) s"

expect "START $size" OK
send "INFO timeout_turn 300"
send "INFO timeout_match 100000"
expect_move BEGIN
first=$reply
cell=$(free_cell); take "$cell"
expect_move "TURN $cell"

expect "TURN 99,99" "ERROR *"
expect "TURN $first" "ERROR *"
expect "START 1" "ERROR *"
expect "FOO" "UNKNOWN*"

expect RESTART OK
taken=" "
send "INFO thread_num 2" # the BOARD think below runs Lazy SMP helpers on winpthreads
send BOARD
for stone in 7,7,1 8,8,2 7,8,1 6,6,2; do
    send "$stone"
    take "${stone%,*}"
done
expect_move DONE

send END
to_brain=${BRAIN[1]}
exec {to_brain}>&-
for _ in $(seq 50); do
    kill -0 "$brain_pid" 2>/dev/null || break
    sleep 0.1
done
kill -0 "$brain_pid" 2>/dev/null && fail "still running 5 s after END"
wait "$brain_pid"
status=$?
stop_wine
[ "$status" -eq 0 ] || fail "exited with status $status after END"
echo "PASS test_windows: $exe under $("$wine" --version 2>/dev/null) played BEGIN/TURN/BOARD, ERROR/UNKNOWN on bad input, exited on END"
