#!/usr/bin/env bash
# Build Piskvork (the Gomocup tournament manager, github.com/plastovicka/Piskvork) for Windows
# with mingw-w64, from its public source at a pinned commit, to run it under Wine (play.sh).
# Optionally also Piskvork's own brain "Pela" as a Windows exe (pbrain-pela.exe).
#
#   tournaments/piskvork/build.sh [--no-pela] [--force]
#
# Output (CACHE defaults to <repo>/build-piskvork, git-ignored through /build-*/):
#   CACHE/src/                 git checkout of Piskvork at PISKVORK_COMMIT (verified)
#   CACHE/obj-ARCH/            objects and our generated shims
#   CACHE/bin/piskvork.exe     the tournament manager (GUI program; -p runs one game)
#   CACHE/bin/openings.txt     upstream openings file (Piskvork reads it next to the exe)
#   CACHE/bin/pbrain-pela.exe  Pela, built from the same per-file commits as
#                              tournaments/opponents/build.sh uses for the Linux Pela
#
# Nothing of Piskvork is in this repository. The source comes from a git clone of
# PISKVORK_URL (default https://github.com/plastovicka/Piskvork), or from PISKVORK_SRC: a local
# git repository or bare mirror that holds the pinned commit (machines without network).
# The checkout is verified to be exactly PISKVORK_COMMIT.
#
# Our shims, both generated here into CACHE/obj-ARCH/ (the upstream files are not changed):
#   minmax.h          force-included: MSVC's <windows.h> gives C++ code min()/max() macros,
#                     mingw-w64's does not (libstdc++ #undefs them), and upstream uses them.
#   piskvork-mingw.rc upstream piskvork.rc with two file names fixed for a case-sensitive,
#                     '/'-separated file system ("piskvork.ico" -> "PISKVORK.ICO",
#                     ".\\..\\skins\\pisq.bmp" -> "../skins/pisq.bmp").
#   Pela: a header file literally named '..\skelet_CPP\pisqpipe.h' (board.h includes that
#   name) that includes the real pisqpipe.h, and template min()/max() as in
#   tournaments/opponents/pela/compat/windows.h.
#
# Environment:
#   PISKVORK_SRC    local git dir (bare mirror or work tree) to clone from instead of GitHub
#   PISKVORK_URL    remote to clone from (default https://github.com/plastovicka/Piskvork)
#   PISKVORK_CACHE  cache directory (default <repo>/build-piskvork)
#   PISKVORK_ARCH   x86_64 (default) or i686; i686 needs wine32 to run
#   PISKVORK_CXX    mingw C++ compiler (default ARCH-w64-mingw32-g++, or its -win32/-posix
#                   variant); PISKVORK_WINDRES likewise (default ARCH-w64-mingw32-windres)
set -euo pipefail

# Newest commit on master of plastovicka/Piskvork when this was written
# (2025-06-19 "info_max_memory is 64bit"); Piskvork 9.x.
PISKVORK_COMMIT=2c3296514a3735cad83eed8a3134f51324f962ca

PISKVORK_SOURCES="PISKVORK game lang netgame nettur protocol renju taskbarprogress"
PISKVORK_LIBS="-lwsock32 -lmswsock -lws2_32 -lversion -lcomctl32 -lwinmm -lole32 -luuid
	-lgdi32 -lcomdlg32 -lshell32 -ladvapi32 -lpsapi"

die() {
	echo "build.sh: error: $*" >&2
	exit 1
}
note() { echo "build.sh: $*" >&2; }

usage() {
	sed -n '2,/^set -euo/p' "$0" | sed -e '$d' -e 's/^# \{0,1\}//' >&2
	exit 2
}

BUILD_PELA=1
FORCE=0
while [ $# -gt 0 ]; do
	case $1 in
	--no-pela) BUILD_PELA=0 ;;
	--force) FORCE=1 ;;
	-h | --help) usage ;;
	*) echo "build.sh: unknown argument: $1" >&2; usage ;;
	esac
	shift
done

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=$(cd "$HERE/../.." && pwd)
# Pela: the same pinned files, commits and SHA-256 as the Linux Pela we measure against
# (tournaments/opponents/build.sh), taken from the history of the Piskvork clone.
PELA_MANIFEST=$(grep -v '^#' "$REPO/tournaments/opponents/pela/manifest.txt")
CACHE=${PISKVORK_CACHE:-$REPO/build-piskvork}
URL=${PISKVORK_URL:-https://github.com/plastovicka/Piskvork}
SRC_FROM=${PISKVORK_SRC:-$URL}
ARCH=${PISKVORK_ARCH:-x86_64}
case $ARCH in
x86_64 | i686) ;;
*) die "PISKVORK_ARCH must be x86_64 or i686, not '$ARCH'" ;;
esac

# ---- tools ----
find_tool() { # first of the given commands that exists
	local c
	for c in "$@"; do
		if command -v "$c" >/dev/null 2>&1; then
			echo "$c"
			return 0
		fi
	done
	return 1
}
command -v git >/dev/null 2>&1 || die "git not found (apt-get install git)"
if [ -n "${PISKVORK_CXX:-}" ]; then
	CXX=$(find_tool "$PISKVORK_CXX") || die "PISKVORK_CXX=$PISKVORK_CXX not found"
else
	CXX=$(find_tool "$ARCH-w64-mingw32-g++" "$ARCH-w64-mingw32-g++-win32" "$ARCH-w64-mingw32-g++-posix") ||
		die "mingw-w64 C++ compiler $ARCH-w64-mingw32-g++ not found (the C compiler alone is not
  enough): apt-get install g++-mingw-w64-$(echo "$ARCH" | tr _ -)-win32   (or set PISKVORK_CXX)"
fi
WINDRES=$(find_tool "${PISKVORK_WINDRES:-$ARCH-w64-mingw32-windres}") ||
	die "${PISKVORK_WINDRES:-$ARCH-w64-mingw32-windres} not found (apt-get install binutils-mingw-w64)"
SHA256=$(find_tool sha256sum) || die "sha256sum not found (coreutils)"
NICE=
if command -v nice >/dev/null 2>&1; then
	NICE="nice -n 19"
fi

# ---- source: clone at the pinned commit, verify ----
checkout_ok() {
	[ -d "$SRC/.git" ] && [ "$(git -C "$SRC" rev-parse HEAD 2>/dev/null)" = "$PISKVORK_COMMIT" ] &&
		[ -z "$(git -C "$SRC" status --porcelain --untracked-files=no 2>/dev/null)" ]
}
mkdir -p "$CACHE"
CACHE=$(cd "$CACHE" && pwd)
SRC=$CACHE/src
if [ "$FORCE" = 1 ] || ! checkout_ok; then
	if [ -n "${PISKVORK_SRC:-}" ]; then
		[ -d "$PISKVORK_SRC" ] || die "PISKVORK_SRC=$PISKVORK_SRC is not a directory"
		git -C "$PISKVORK_SRC" rev-parse --git-dir >/dev/null 2>&1 ||
			die "PISKVORK_SRC=$PISKVORK_SRC is not a git repository (a bare mirror or a clone is needed,
  to check the commit)"
		git -C "$PISKVORK_SRC" cat-file -e "$PISKVORK_COMMIT^{commit}" 2>/dev/null ||
			die "PISKVORK_SRC=$PISKVORK_SRC does not contain commit $PISKVORK_COMMIT"
		SRC_FROM=$(cd "$PISKVORK_SRC" && pwd)
	fi
	note "cloning Piskvork from $SRC_FROM"
	rm -rf "$SRC" "$SRC.tmp"
	# Full clone (no --depth): Pela's files come from older commits of the same history.
	git clone --quiet --no-checkout "$SRC_FROM" "$SRC.tmp" ||
		die "git clone of $SRC_FROM failed (no network? set PISKVORK_SRC to a local mirror)"
	git -C "$SRC.tmp" -c advice.detachedHead=false checkout --quiet --detach "$PISKVORK_COMMIT" ||
		die "commit $PISKVORK_COMMIT not found in $SRC_FROM"
	mv "$SRC.tmp" "$SRC"
fi
checkout_ok || die "$SRC is not a clean checkout of $PISKVORK_COMMIT"
note "source: $SRC at $PISKVORK_COMMIT"

# ---- Piskvork ----
OBJ=$CACHE/obj-$ARCH
BIN=$CACHE/bin
mkdir -p "$OBJ" "$BIN"
cat >"$OBJ/minmax.h" <<'EOF'
/* Generated by tournaments/piskvork/build.sh. MSVC's <windows.h> defines min()/max() for
   C++ as well; with mingw-w64 libstdc++'s c++config.h #undefs them. Include <stdlib.h>
   (and so c++config.h) first, then define them the way windef.h does. */
#include <stdlib.h>
#ifndef max
#define max(a, b) (((a) > (b)) ? (a) : (b))
#endif
#ifndef min
#define min(a, b) (((a) < (b)) ? (a) : (b))
#endif
EOF
# Two resource file names: upstream spells the icon "piskvork.ico" (file: PISKVORK.ICO) and
# the bitmap with backslashes; fine on Windows, not for windres on Linux.
sed -e 's#"\.\\\\\.\.\\\\skins\\\\pisq\.bmp"#"../skins/pisq.bmp"#' \
	-e 's#"piskvork\.ico"#"PISKVORK.ICO"#' \
	"$SRC/source/piskvork.rc" >"$OBJ/piskvork-mingw.rc"
{ grep -q '"../skins/pisq.bmp"' "$OBJ/piskvork-mingw.rc" && grep -q '"PISKVORK.ICO"' "$OBJ/piskvork-mingw.rc"; } ||
	die "piskvork.rc did not look as expected (the resource file name fix-up did not apply)"

CXXFLAGS="-O2 -DNDEBUG -DWIN32 -D_WINDOWS -fpermissive -w"
objs=()
for f in $PISKVORK_SOURCES; do
	note "compiling $f.cpp"
	# shellcheck disable=SC2086 # word lists
	$NICE "$CXX" $CXXFLAGS -include "$OBJ/minmax.h" -c "$SRC/source/$f.cpp" -o "$OBJ/$f.o" ||
		die "compiling $f.cpp failed"
	objs+=("$OBJ/$f.o")
done
note "compiling resources"
(cd "$SRC/source" && "$WINDRES" -I. "$OBJ/piskvork-mingw.rc" -O coff -o "$OBJ/piskvork.res.o") ||
	die "windres failed"
note "linking piskvork.exe"
# shellcheck disable=SC2086 # word lists
"$CXX" -mwindows -static -static-libgcc -static-libstdc++ -o "$BIN/piskvork.exe.tmp" \
	"${objs[@]}" "$OBJ/piskvork.res.o" $PISKVORK_LIBS || die "linking piskvork.exe failed"
mv "$BIN/piskvork.exe.tmp" "$BIN/piskvork.exe"
cp "$SRC/openings.txt" "$BIN/openings.txt"
echo "$PISKVORK_COMMIT" >"$BIN/PISKVORK_COMMIT"

# ---- Pela (optional) ----
if [ "$BUILD_PELA" = 1 ]; then
	PELA=$OBJ/pela
	rm -rf "$PELA"
	mkdir -p "$PELA/src/pbrain" "$PELA/src/skelet_CPP" "$PELA/compat"
	echo "$PELA_MANIFEST" | while read -r commit path sha; do
		[ -n "$commit" ] || continue
		out=$PELA/src/${path#source/}
		git -C "$SRC" show "$commit:$path" >"$out" 2>/dev/null ||
			die "Pela: $path at $commit is not in the Piskvork clone"
		got=$($SHA256 "$out" | cut -d' ' -f1)
		[ "$got" = "$sha" ] || die "Pela: $path at $commit has SHA-256 $got, expected $sha"
	done
	# board.h: #include "..\skelet_CPP\pisqpipe.h" -- on Linux one file name with backslashes
	printf '#include "../src/skelet_CPP/pisqpipe.h"\n' >"$PELA/compat/..\skelet_CPP\pisqpipe.h"
	cat >"$PELA/compat/minmax.h" <<'EOF'
/* Generated by tournaments/piskvork/build.sh: min()/max() as MSVC's <windows.h> provides them
   to Pela; templates, as in tournaments/opponents/pela/compat/windows.h (Linux build). */
#include <stdlib.h>
template <class T> inline T min(T a, T b) { return b < a ? b : a; }
template <class T> inline T max(T a, T b) { return a < b ? b : a; }
EOF
	note "compiling pbrain-pela.exe"
	(cd "$PELA" && $NICE "$CXX" -O2 -DNDEBUG -w -Icompat -include compat/minmax.h \
		src/pbrain/alfabeta.cpp src/pbrain/piskcomp.cpp src/pbrain/pisktur.cpp \
		src/skelet_CPP/pisqpipe.cpp -static -static-libgcc -static-libstdc++ \
		-o "$BIN/pbrain-pela.exe.tmp") || die "compiling Pela failed"
	mv "$BIN/pbrain-pela.exe.tmp" "$BIN/pbrain-pela.exe"
fi

note "done: $BIN/piskvork.exe (Piskvork $PISKVORK_COMMIT, $ARCH)"
[ "$BUILD_PELA" = 0 ] || note "      $BIN/pbrain-pela.exe"
