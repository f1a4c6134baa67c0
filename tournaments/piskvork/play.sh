#!/usr/bin/env bash
# Play games between two Windows Gomocup brains (pbrain-*.exe) with Piskvork, the Gomocup
# tournament manager, under Wine and Xvfb: one game per Piskvork run, in Piskvork's command-line
# mode (piskvork.exe -p A.exe B.exe ...). Build Piskvork first with build.sh (same directory).
#
#   tournaments/piskvork/play.sh [options] [-- extra piskvork.exe arguments]
#
# Options (defaults in brackets):
#   -a, --brain-a EXE    first brain [<repo>/build-win/pbrain-gamok.exe, from 'make windows']
#   -b, --brain-b EXE    second brain [same as --brain-a]
#   -n, --games N        number of games, played one after the other [2]
#   -r, --rule R         Piskvork -rule: 0 five or more, 1 exactly five, 2 renju,
#                        8 Caro with overlines, 9 Caro [0]
#   -s, --size N         board size N x N (Piskvork registry "sirka"/"height") [15]
#   -t, --turn MS        time for one turn, ms (-timeturn) [1000]
#   -m, --match S        time for the whole game per player, seconds (-timematch; 0 = none) [300]
#       --match-ms MS    the same in milliseconds (Piskvork takes whole seconds; rounded up)
#       --memory MB      memory limit per brain (-memory) [350]
#       --tolerance MS   how much longer than its time a brain may think before it loses
#                        on time (registry "tolerance"; timeouts are checked) [1000]
#       --opening K      opening index of the first game in Piskvork's openings.txt (0-based,
#                        wraps around); -1 = no opening, empty board [0]
#       --openings FILE  use FILE instead of upstream openings.txt (Piskvork's format:
#                        one opening a line, "x,y, x,y, ..." relative to the centre)
#       --random-shift   let Piskvork rotate/mirror/shift each opening at random
#                        (registry "openingRandomShift1"; off by default)
#       --no-alternate   A always plays first (black); by default colours alternate: games
#                        1,3,5.. A first, games 2,4,6.. B first, each pair on the same opening
#       --no-suspend     do not suspend the brain that is not on move (registry "debugAI";
#                        Piskvork's default is to suspend it)
#       --affinity MASK  Piskvork -a: CPU affinity mask for the brains
#       --no-logpipe     do not save the pipe traffic of each brain (-logpipe)
#       --game-timeout S wall-clock limit for one Piskvork run; then it is killed and the game
#                        counted as "hung" (e.g. Piskvork waiting in a message box)
#                        [2*match+120, or from the turn time when match is 0]
#   -o, --out DIR        output directory [<repo>/build-piskvork/games/YYYYmmdd-HHMMSS]
#   -h, --help
#
# Output in DIR: game-NNN.psq (Piskvork's record, -outfileformat 1), game-NNN.msg.txt (the
# brains' MESSAGE lines and Piskvork's messages, -logmsg), game-NNN.stderr (Piskvork's error
# text in -p mode, plus anything the brains write to stderr), game-NNN.pipes/ (-logpipe),
# games.tsv (one line a game), summary.txt (also printed), run.txt (settings).
#
# Piskvork's exit code in -p mode: 1 = first brain (-p's first argument) won, 2 = second won,
# 3 = draw, but also 3 after an error (crash, illegal move, ...: it then prints the error to
# stderr and scores nothing), 0 = error. play.sh counts 3 as a draw only when the board is
# (almost) full (Piskvork's draw: width*height-25 moves), else as an error.
# Exit status of play.sh: 0 if every game ended in a result (win, loss, draw, or a loss on
# time), 1 if any game ended in an error, hung or crashed, 2 on bad usage or setup.
#
# Environment: PISKVORK_CACHE (build.sh's cache, default <repo>/build-piskvork),
#   PISKVORK_WINEPREFIX (Wine prefix, default PISKVORK_CACHE/wineprefix; created on first use;
#   one play.sh at a time per prefix, guarded by a lock).
# Needs: wine (64-bit; for 32-bit brains also wine32), Xvfb, coreutils' timeout, flock.
set -euo pipefail

die() {
	echo "play.sh: error: $*" >&2
	exit 2
}
note() { echo "play.sh: $*" >&2; }
usage() {
	sed -n '2,/^set -euo/p' "$0" | sed -e '$d' -e 's/^# \{0,1\}//' >&2
	exit 2
}
is_uint() { [[ $1 =~ ^[0-9]+$ ]]; }

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=$(cd "$HERE/../.." && pwd)
CACHE=${PISKVORK_CACHE:-$REPO/build-piskvork}

BRAIN_A=$REPO/build-win/pbrain-gamok.exe
BRAIN_B=
GAMES=2
RULE=0
SIZE=15
TURN_MS=1000
MATCH_S=300
MEMORY_MB=350
TOLERANCE_MS=1000
OPENING=0
OPENINGS_FILE=
RANDOM_SHIFT=0
ALTERNATE=1
SUSPEND=1
AFFINITY=
LOGPIPE=1
GAME_TIMEOUT=
OUT=
EXTRA=()

need_arg() { [ $# -ge 2 ] || die "option $1 needs a value"; }
while [ $# -gt 0 ]; do
	case $1 in
	-a | --brain-a) need_arg "$@"; BRAIN_A=$2; shift ;;
	-b | --brain-b) need_arg "$@"; BRAIN_B=$2; shift ;;
	-n | --games) need_arg "$@"; GAMES=$2; shift ;;
	-r | --rule) need_arg "$@"; RULE=$2; shift ;;
	-s | --size) need_arg "$@"; SIZE=$2; shift ;;
	-t | --turn) need_arg "$@"; TURN_MS=$2; shift ;;
	-m | --match) need_arg "$@"; MATCH_S=$2; shift ;;
	--match-ms)
		need_arg "$@"; is_uint "$2" || die "--match-ms needs whole milliseconds"
		MATCH_S=$((($2 + 999) / 1000))
		[ $(($2 % 1000)) -eq 0 ] || note "Piskvork takes the match time in whole seconds: using $MATCH_S s"
		shift ;;
	--memory) need_arg "$@"; MEMORY_MB=$2; shift ;;
	--tolerance) need_arg "$@"; TOLERANCE_MS=$2; shift ;;
	--opening) need_arg "$@"; OPENING=$2; shift ;;
	--openings) need_arg "$@"; OPENINGS_FILE=$2; shift ;;
	--random-shift) RANDOM_SHIFT=1 ;;
	--no-alternate) ALTERNATE=0 ;;
	--no-suspend) SUSPEND=0 ;;
	--affinity) need_arg "$@"; AFFINITY=$2; shift ;;
	--no-logpipe) LOGPIPE=0 ;;
	--game-timeout) need_arg "$@"; GAME_TIMEOUT=$2; shift ;;
	-o | --out) need_arg "$@"; OUT=$2; shift ;;
	-h | --help) usage ;;
	--) shift; EXTRA=("$@"); break ;;
	*) echo "play.sh: unknown argument: $1" >&2; usage ;;
	esac
	shift
done
BRAIN_B=${BRAIN_B:-$BRAIN_A}

# ---- check options ----
for v in GAMES SIZE TURN_MS MATCH_S MEMORY_MB TOLERANCE_MS; do
	is_uint "${!v}" || die "$v must be a whole number, not '${!v}'"
done
[ "$GAMES" -ge 1 ] || die "--games must be at least 1"
{ [ "$SIZE" -ge 5 ] && [ "$SIZE" -le 100 ]; } || die "--size must be 5..100"
case $RULE in 0 | 1 | 2 | 8 | 9) ;; *) die "--rule must be 0, 1, 2, 8 or 9" ;; esac
[[ $OPENING =~ ^(-1|[0-9]+)$ ]] || die "--opening must be -1 or a whole number"
[ -z "$AFFINITY" ] || is_uint "$AFFINITY" || die "--affinity must be a whole number (bit mask)"
if [ -z "$GAME_TIMEOUT" ]; then
	if [ "$MATCH_S" -gt 0 ]; then
		GAME_TIMEOUT=$((2 * MATCH_S + 120))
	else
		GAME_TIMEOUT=$((SIZE * SIZE * (TURN_MS + TOLERANCE_MS) / 1000 + 120))
	fi
fi
{ is_uint "$GAME_TIMEOUT" && [ "$GAME_TIMEOUT" -ge 10 ]; } || die "--game-timeout must be at least 10 s"

# ---- tools ----
command -v wine >/dev/null 2>&1 || die "wine not found (Debian/Ubuntu: apt-get install wine wine64)"
command -v wineserver >/dev/null 2>&1 || die "wineserver not found (comes with wine: apt-get install wine)"
command -v Xvfb >/dev/null 2>&1 || die "Xvfb not found (apt-get install xvfb)"
for t in timeout flock realpath od awk; do
	command -v $t >/dev/null 2>&1 || die "$t not found (coreutils / util-linux / gawk)"
done
BIN=$CACHE/bin
[ -f "$BIN/piskvork.exe" ] || die "$BIN/piskvork.exe not found: run tournaments/piskvork/build.sh first"
[ -n "$OPENINGS_FILE" ] || OPENINGS_FILE=$BIN/openings.txt
[ -f "$OPENINGS_FILE" ] || die "openings file $OPENINGS_FILE not found"

# PE machine of a Windows exe: 8664 (x86-64), 014c (i386), or empty when not a PE file
pe_machine() {
	local off
	[ "$(head -c 2 "$1")" = MZ ] || return 0
	off=$(od -An -t u4 -j 60 -N 4 "$1" | tr -d ' ')
	[ "$(od -An -c -j "$off" -N 2 "$1" | tr -d ' ')" = PE ] || return 0
	od -An -t x2 -j $((off + 4)) -N 2 "$1" | tr -d ' '
}
check_brain() {
	local f=$1 base m
	[ -f "$f" ] || die "brain $f not found (make windows builds build-win/pbrain-gamok.exe)"
	base=$(basename "$f")
	[[ ${base,,} == pbrain-*.exe ]] ||
		die "brain file name must look like pbrain-NAME.exe (Piskvork uses the pipe protocol only for pbrain-*): $f"
	m=$(pe_machine "$f")
	case $m in
	8664) ;;
	014c) note "warning: $base is a 32-bit exe; Wine needs its 32-bit part for it (Debian: dpkg --add-architecture i386; apt-get install wine32:i386)" ;;
	*) die "$f is not a Windows x86/x86-64 executable" ;;
	esac
}
check_brain "$BRAIN_A"
check_brain "$BRAIN_B"
BRAIN_A=$(realpath "$BRAIN_A")
BRAIN_B=$(realpath "$BRAIN_B")

# ---- output directory ----
[ -n "$OUT" ] || OUT=$CACHE/games/$(date +%Y%m%d-%H%M%S)
mkdir -p "$OUT"
OUT=$(realpath "$OUT")
if compgen -G "$OUT/game-*" >/dev/null; then
	die "$OUT already holds games; give another --out"
fi
RUN=$OUT/.piskvork
mkdir -p "$RUN"
# Piskvork reads openings.txt from its own directory: run a copy from here.
cp "$BIN/piskvork.exe" "$RUN/piskvork.exe"
tr -d '\r' <"$OPENINGS_FILE" >"$RUN/openings.txt"
# Both brains the same file: play a copy as B, so that the two have different names in the
# .psq, in the messages and in the pipe logs.
if [ "$BRAIN_A" = "$BRAIN_B" ]; then
	mkdir -p "$RUN/brain-b"
	b=$(basename "$BRAIN_A")
	cp "$BRAIN_A" "$RUN/brain-b/${b%.*}-2.exe"
	BRAIN_B=$RUN/brain-b/${b%.*}-2.exe
fi
NAME_A=$(basename "$BRAIN_A")
NAME_B=$(basename "$BRAIN_B")
[ "${NAME_A,,}" != "${NAME_B,,}" ] ||
	note "warning: both brains are named $NAME_A; pipe logs and messages cannot tell them apart"

# Openings as Piskvork parses them: one a line, an even number of integers (-50..50) separated
# by ',' (blanks allowed); blank lines are skipped. Piskvork shows any other line as an error in
# a message box, which would block the unattended run: refuse such a file here.
# Prints the number of stones of each opening.
opening_stones() {
	awk '{ gsub(/[ \t]/, ""); if ($0 == "") next; n = split($0, f, ",");
	       ok = (n >= 2 && n % 2 == 0);
	       for (i = 1; ok && i <= n; i++) ok = (f[i] ~ /^-?[0-9]+$/ && f[i] > -50 && f[i] < 50);
	       if (!ok) { print "bad line " NR > "/dev/stderr"; exit 1 }
	       print n / 2 }' "$RUN/openings.txt"
}
STONES_TXT=$(opening_stones) || die "$OPENINGS_FILE is not in Piskvork's openings format"
mapfile -t STONES <<<"$STONES_TXT"
[ -n "$STONES_TXT" ] || STONES=()
NOPENING=${#STONES[@]}
if [ "$OPENING" != -1 ] && [ "$NOPENING" -eq 0 ]; then
	die "no openings in $OPENINGS_FILE (use --opening -1 for an empty board)"
fi

avg() { if [ "$1" -gt 0 ]; then echo $(($2 / $1)); else echo 0; fi; }

winpath() { # unix path -> Wine path through drive Z: (= /)
	local p
	p=$(realpath -m "$1")
	printf 'Z:%s' "${p//\//\\}"
}

# ---- Wine prefix, lock, Xvfb ----
export WINEPREFIX=${PISKVORK_WINEPREFIX:-$CACHE/wineprefix}
export WINEDEBUG=-all
export WINEDLLOVERRIDES="mscoree,mshtml=" # no Mono/Gecko install prompts
mkdir -p "$(dirname "$WINEPREFIX")"
exec 9>"$WINEPREFIX.lock"
flock -n 9 || die "another play.sh is using the Wine prefix $WINEPREFIX (lock $WINEPREFIX.lock)"

XVFB_PID=
WINE_USED=0
# shellcheck disable=SC2317 # runs from the EXIT trap
cleanup() {
	if [ "$WINE_USED" = 1 ]; then
		wineserver -k >/dev/null 2>&1 || true
	fi
	if [ -n "$XVFB_PID" ]; then
		kill "$XVFB_PID" 2>/dev/null || true
		wait "$XVFB_PID" 2>/dev/null || true
	fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM

: >"$RUN/display"
Xvfb -displayfd 3 -screen 0 1280x1024x24 -nolisten tcp 3>"$RUN/display" >"$RUN/xvfb.log" 2>&1 &
XVFB_PID=$!
for _ in $(seq 100); do
	[ -s "$RUN/display" ] && break
	kill -0 "$XVFB_PID" 2>/dev/null || die "Xvfb did not start (see $RUN/xvfb.log)"
	sleep 0.1
done
[ -s "$RUN/display" ] || die "Xvfb did not report its display (see $RUN/xvfb.log)"
DISPLAY=:$(head -n1 "$RUN/display")
export DISPLAY

WINE_USED=1
if [ ! -f "$WINEPREFIX/system.reg" ]; then
	note "creating Wine prefix $WINEPREFIX (once; takes a while)"
	WINEARCH=win64 timeout 300 wineboot -i >"$RUN/wineboot.log" 2>&1 ||
		die "wineboot failed (see $RUN/wineboot.log)"
fi
wineserver -k >/dev/null 2>&1 || true # no processes of an earlier run left in this prefix

# Wine processes of this prefix other than Wine's own (C:\windows\...): brains still running
wine_leftovers() {
	local p c
	for p in /proc/[0-9]*; do
		c=$({ tr '\0' ' ' <"$p/cmdline"; } 2>/dev/null) || continue
		case $c in '' | *"C:\\windows\\"* | *wineserver* | *Xvfb*) continue ;; esac
		{ tr '\0' '\n' <"$p/environ"; } 2>/dev/null | grep -qxF "WINEPREFIX=$WINEPREFIX" || continue
		c=${c%% *}
		c=${c//\\//}
		printf '%s ' "${c##*/}"
	done
}

# Piskvork settings that have no command-line switch; Piskvork keeps them in the registry,
# HKCU\Software\Petr Lastovicka\piskvorky (read at start, written back at exit).
write_reg() {
	{
		printf 'REGEDIT4\r\n\r\n[HKEY_CURRENT_USER\\Software\\Petr Lastovicka\\piskvorky]\r\n'
		printf '"%s"=dword:%08x\r\n' \
			sirka "$SIZE" height "$SIZE" tolerance "$TOLERANCE_MS" checkTimeOut 1 \
			autoBegin 1 openingRandomShift1 "$RANDOM_SHIFT" debugAI "$SUSPEND" \
			continuous 0 soundNotification 0 ignoreErrors 1 exactFive "$RULE"
	} >"$RUN/settings.reg"
	# Wine may still be shutting down the last game's prefix: a failed start is tried again.
	local try
	for try in 1 2 3; do
		timeout 120 wine reg import "$(winpath "$RUN/settings.reg")" >"$RUN/reg.log" 2>&1 &&
			return 0
		wineserver -w >/dev/null 2>&1 || true
		sleep "$try"
	done
	die "wine reg import failed (see $RUN/reg.log)"
}

{
	echo "date: $(date -u '+%Y-%m-%d %H:%M:%S UTC')"
	echo "piskvork: $BIN/piskvork.exe (commit $(cat "$BIN/PISKVORK_COMMIT" 2>/dev/null || echo unknown))"
	echo "A: $BRAIN_A"
	echo "B: $BRAIN_B"
	echo "games: $GAMES  alternate: $ALTERNATE  rule: $RULE  size: ${SIZE}x$SIZE"
	echo "turn: $TURN_MS ms  match: $MATCH_S s  tolerance: $TOLERANCE_MS ms  memory: $MEMORY_MB MB"
	echo "opening: $OPENING (of $NOPENING in $OPENINGS_FILE)  random shift: $RANDOM_SHIFT  suspend: $SUSPEND"
	echo "game timeout: $GAME_TIMEOUT s  affinity: ${AFFINITY:-none}  extra: ${EXTRA[*]:-}"
	echo "wine: $(wine --version 2>/dev/null)  prefix: $WINEPREFIX  display: $DISPLAY"
} >"$OUT/run.txt"

TSV=$OUT/games.tsv
printf 'game\tblack\twhite\topening\tstones\trc\tresult\twinner\tmoves\twall_s\tA_moves\tA_max_ms\tA_avg_ms\tA_over_turn\tB_moves\tB_max_ms\tB_avg_ms\tB_over_turn\ttimeout\tnote\n' >"$TSV"

declare -A W=([A]=0 [B]=0) L=([A]=0 [B]=0) D=([A]=0 [B]=0) ERR=([A]=0 [B]=0) TO=([A]=0 [B]=0)
declare -A MAXMS=([A]=0 [B]=0) OVER=([A]=0 [B]=0) NMOV=([A]=0 [B]=0) SUMMS=([A]=0 [B]=0)
BLACKW=0 WHITEW=0 DRAWS=0 FAILED=0
TIME_LINES=()

A_WIN=$(winpath "$BRAIN_A")
B_WIN=$(winpath "$BRAIN_B")

for ((g = 1; g <= GAMES; g++)); do
	id=$(printf 'game-%03d' "$g")
	if [ "$ALTERNATE" = 1 ] && [ $((g % 2)) -eq 0 ]; then
		first=B second=A pair=$(((g - 1) / 2))
	else
		first=A second=B
		if [ "$ALTERNATE" = 1 ]; then pair=$(((g - 1) / 2)); else pair=$((g - 1)); fi
	fi
	if [ "$OPENING" = -1 ]; then
		op=-1 stones=0
	else
		op=$(((OPENING + pair) % NOPENING))
		stones=${STONES[$op]}
	fi
	if [ "$first" = A ]; then fw=$A_WIN sw=$B_WIN; else fw=$B_WIN sw=$A_WIN; fi
	args=(-p "$fw" "$sw" -rule "$RULE" -timeturn "$TURN_MS" -timematch "$MATCH_S"
		-memory "$MEMORY_MB" -opening "$op"
		-outfile "$(winpath "$OUT/$id.psq")" -outfileformat 1
		-logmsg "$(winpath "$OUT/$id.msg.txt")")
	if [ "$LOGPIPE" = 1 ]; then
		mkdir -p "$OUT/$id.pipes"
		args+=(-logpipe "$(winpath "$OUT/$id.pipes")\\")
	fi
	[ -z "$AFFINITY" ] || args+=(-a "$AFFINITY")
	args+=("${EXTRA[@]}")

	write_reg
	note "$id: $first (black) vs $second (white), opening $op"
	echo "wine piskvork.exe ${args[*]}" >"$OUT/$id.cmd"
	t0=$(date +%s.%N)
	set +e
	(cd "$RUN" && exec timeout -k 10 "$GAME_TIMEOUT" wine piskvork.exe "${args[@]}") \
		>"$OUT/$id.stdout" 2>"$OUT/$id.stderr"
	rc=$?
	set -e
	t1=$(date +%s.%N)
	wall=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f", b - a }')
	sleep 1
	left=$(wine_leftovers)
	wineserver -k >/dev/null 2>&1 || true
	wineserver -w >/dev/null 2>&1 || true # gone before the next game starts Wine again
	[ -s "$OUT/$id.stdout" ] || rm -f "$OUT/$id.stdout"
	[ -s "$OUT/$id.stderr" ] || rm -f "$OUT/$id.stderr"
	if [ "$LOGPIPE" = 1 ]; then rmdir "$OUT/$id.pipes" 2>/dev/null || true; fi

	# moves of the .psq (x,y,ms; the opening stones first); black = first brain
	moves=0
	stats=""
	if [ -f "$OUT/$id.psq" ]; then
		stats=$(tr -d '\r' <"$OUT/$id.psq" | awk -F, -v k="$stones" -v turn="$TURN_MS" '
			/^-?[0-9]+,-?[0-9]+,-?[0-9]+$/ {
				i = n++; if (i < k) next
				s = (i % 2 == 0) ? "f" : "s"
				c[s]++; sum[s] += $3; if ($3 > mx[s]) mx[s] = $3; if ($3 > turn) ov[s]++
			}
			END { printf "%d %d %d %d %d %d %d %d %d %d\n", n,
				c["f"], mx["f"], sum["f"], ov["f"], c["s"], mx["s"], sum["s"], ov["s"], 0 }')
		read -r moves fc fmx fsum fov sc smx ssum sov _ <<<"$stats"
	else
		fc=0 fmx=0 fsum=0 fov=0 sc=0 smx=0 ssum=0 sov=0
	fi
	declare -A C=([$first]=$fc [$second]=$sc) MX=([$first]=$fmx [$second]=$smx)
	declare -A SM=([$first]=$fsum [$second]=$ssum) OV=([$first]=$fov [$second]=$sov)
	for x in A B; do
		NMOV[$x]=$((NMOV[$x] + C[$x]))
		SUMMS[$x]=$((SUMMS[$x] + SM[$x]))
		OVER[$x]=$((OVER[$x] + OV[$x]))
		[ "${MX[$x]}" -le "${MAXMS[$x]}" ] || MAXMS[$x]=${MX[$x]}
	done

	timeout_by=""
	if [ -f "$OUT/$id.msg.txt" ] && grep -q ': Timeout' "$OUT/$id.msg.txt"; then
		# Piskvork gives the game to the other brain; its exit code says which
		case $rc in 1) timeout_by=$second ;; 2) timeout_by=$first ;; *) timeout_by="?" ;; esac
	fi
	# lines about time from the messages and stderr (Piskvork's timeouts, brains' own notes)
	while IFS= read -r line; do
		TIME_LINES+=("$id: $line")
	done < <(cat "$OUT/$id.msg.txt" "$OUT/$id.stderr" 2>/dev/null | tr -d '\r' |
		grep -i -E 'exceed|time ?out|out of time|over time' | head -n 20 || true)

	winner="" note_=""
	to_move=$([ $((moves % 2)) -eq 0 ] && echo "$first" || echo "$second")
	case $rc in
	1) result="black wins"; winner=$first ;;
	2) result="white wins"; winner=$second ;;
	3)
		if [ "$moves" -ge $((SIZE * SIZE - 25)) ]; then
			result=draw
		else
			result=error note_="Piskvork code 3 before the board was full: an error, $to_move was to move"
		fi ;;
	0) result=error note_="Piskvork code 0 (error), $to_move was to move" ;;
	124 | 137) result=hung note_="Piskvork still running after $GAME_TIMEOUT s (a message box?); killed" ;;
	*) result=crash note_="Piskvork/wine exit code $rc" ;;
	esac
	[ ! -s "$OUT/$id.stderr" ] || note_="${note_:+$note_; }stderr: $(tr -d '\r' <"$OUT/$id.stderr" | tr '\n\t' '  ' | cut -c1-200)"
	[ -z "$timeout_by" ] || note_="${note_:+$note_; }$timeout_by lost on time"
	# Piskvork -p exits without ending the brains; the one it had suspended stays: not a fault
	[ -z "$left" ] || note_="${note_:+$note_; }left running by Piskvork, killed: ${left% }"
	[ -f "$OUT/$id.psq" ] || note_="${note_:+$note_; }no .psq written"
	loser=""
	case $result in
	"black wins" | "white wins")
		loser=$([ "$winner" = A ] && echo B || echo A)
		W[$winner]=$((W[$winner] + 1)); L[$loser]=$((L[$loser] + 1))
		if [ "$result" = "black wins" ]; then BLACKW=$((BLACKW + 1)); else WHITEW=$((WHITEW + 1)); fi ;;
	draw) D[A]=$((D[A] + 1)); D[B]=$((D[B] + 1)); DRAWS=$((DRAWS + 1)) ;;
	error) ERR[$to_move]=$((ERR[$to_move] + 1)); FAILED=$((FAILED + 1)) ;;
	*) FAILED=$((FAILED + 1)) ;;
	esac
	[ -z "$timeout_by" ] || [ "$timeout_by" = "?" ] || TO[$timeout_by]=$((TO[$timeout_by] + 1))

	printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' \
		"$g" "$first" "$second" "$op" "$stones" "$rc" "$result" "${winner:--}" "$moves" "$wall" \
		"${C[A]}" "${MX[A]}" "$(avg "${C[A]}" "${SM[A]}")" "${OV[A]}" \
		"${C[B]}" "${MX[B]}" "$(avg "${C[B]}" "${SM[B]}")" "${OV[B]}" \
		"${timeout_by:--}" "${note_:--}" >>"$TSV"
	note "$id: $result${winner:+ ($winner)}, $moves moves, ${wall} s${note_:+ -- $note_}"
	unset C MX SM OV
done

# ---- summary ----
{
	echo "Piskvork games: $OUT"
	sed 's/^/  /' "$OUT/run.txt"
	echo
	echo "A = $NAME_A   B = $NAME_B"
	echo "games $GAMES: black won $BLACKW, white won $WHITEW, draws $DRAWS, failed (error/hung/crash) $FAILED"
	printf '%-2s %-28s %5s %5s %5s %6s %8s %6s %7s %7s %9s\n' "" brain wins loss draw errors timeouts moves max_ms avg_ms "over_turn"
	for x in A B; do
		n=$([ $x = A ] && echo "$NAME_A" || echo "$NAME_B")
		a=0; [ "${NMOV[$x]}" -eq 0 ] || a=$((SUMMS[$x] / NMOV[$x]))
		printf '%-2s %-28s %5d %5d %5d %6d %8d %6d %7d %7d %9d\n' "$x" "$n" "${W[$x]}" "${L[$x]}" \
			"${D[$x]}" "${ERR[$x]}" "${TO[$x]}" "${NMOV[$x]}" "${MAXMS[$x]}" "$a" "${OVER[$x]}"
	done
	echo "(moves/ms: the brains' own moves after the opening, times as Piskvork measured them;"
	echo " over_turn: moves that took longer than the turn time of $TURN_MS ms; a brain's first"
	echo " move includes its start-up (Piskvork does not count that against the time limit);"
	echo " errors: counted against the brain that was to move)"
	echo
	echo "per game (games.tsv):"
	awk -F'\t' 'NR > 1 { printf "  %3d  %s-%s  opening %-3s rc %-3s %-10s %3d moves %7s s  %s\n",
		$1, $2, $3, $4, $6, $7, $9, $10, ($20 == "-" ? "" : $20) }' "$TSV"
	if [ ${#TIME_LINES[@]} -gt 0 ]; then
		echo
		echo "time messages (timeouts, 'exceeded time', ...):"
		printf '  %s\n' "${TIME_LINES[@]}"
	else
		echo
		echo "time messages: none (no timeouts, no 'exceed'/'timeout' messages)"
	fi
} >"$OUT/summary.txt"
cat "$OUT/summary.txt"
[ "$FAILED" -eq 0 ] || exit 1
exit 0
