#!/bin/sh
# Build a third-party opponent brain for gamok-arena from pinned upstream sources.
#
#   tournaments/opponents/build.sh pela|aiwine [OUT_DIR]
#
# Output: OUT_DIR/pbrain-pela or OUT_DIR/pbrain-aiwine (default OUT_DIR: build/opponents,
# relative to the current directory).
#
# The upstream code is NOT part of this repository. It is downloaded file by file from
# raw.githubusercontent.com at the pinned commits below, or, with SRC_DIR set, copied from a
# directory that already holds it (machines without network). SRC_DIR may be either
#   - an upstream checkout root  (Piskvork: source/pbrain/..., AIWine: src/...), or
#   - the directory one level in (Piskvork's source/: pbrain/..., AIWine's src/: main.cpp ...).
# Every file is checked against its recorded SHA-256 (set VERIFY=0 to skip; the result
# then need not match the brains we measured against).
#
# Only our own files from this directory are added: compat shims (and for AIWine, the
# one-line linux.patch). See README.md here.
#
# Environment: SRC_DIR (see above), VERIFY (default 1), CXX (default g++),
#              KEEP_WORK=1 keeps the temporary work directory (its path is printed).
set -eu

usage() {
	echo "usage: $0 pela|aiwine [OUT_DIR]" >&2
	echo "  env: SRC_DIR=/dir/with/upstream/sources  VERIFY=0  CXX=g++  KEEP_WORK=1" >&2
	exit 2
}

die() {
	echo "build.sh: error: $*" >&2
	exit 1
}

if [ $# -lt 1 ] || [ $# -gt 2 ]; then
	usage
fi
BRAIN=$1
OUT_DIR=${2:-build/opponents}
SRC_DIR=${SRC_DIR:-}
VERIFY=${VERIFY:-1}
CXX=${CXX:-g++}
KEEP_WORK=${KEEP_WORK:-0}

HERE=$(cd "$(dirname "$0")" && pwd)

# Pinned upstream files: COMMIT PATH SHA256 (PATH as in the upstream repository).
# Piskvork files are byte-exact upstream copies (CRLF line endings); AIWine's main.cpp
# hash is that of the unpatched upstream file.
case $BRAIN in
pela)
	OWNER_REPO=plastovicka/Piskvork
	MANIFEST='
9dbf9905a5410782d725bf28d9c0ca098a5e9114 source/pbrain/alfabeta.cpp 0ba54f74e69a218bf851c05e0cba4c5b002f1379ec73becbb1bbfe43eed679da
e79c96ff7a6ecc7ea9a4dfc4de628af07e6de223 source/pbrain/board.h 426890ac620256e2065af4ef8831963b76e654ea15e9d78d0f53ea92321dbc9c
3232c009cb736ef667b090ed6714530b2b2be2ee source/pbrain/piskcomp.cpp 14fab6a7764dd3f1b91f6a1c6bf9ee903ceae663fd9820059d98a4d52a189db2
e79c96ff7a6ecc7ea9a4dfc4de628af07e6de223 source/pbrain/pisktur.cpp f8445b49cfa0211a460833e83d3e942fb294db5c74cf15d42a232d63f2fe9181
3232c009cb736ef667b090ed6714530b2b2be2ee source/skelet_CPP/pisqpipe.cpp 1591e4237ad7796b3b56921d060f10993897b7614d32e3b1ce73e01455634dba
3232c009cb736ef667b090ed6714530b2b2be2ee source/skelet_CPP/pisqpipe.h 798f66a5c9a1ca48331b99f416c4a8dcaa361e4c6ccef9667b6eb0f70d803f44
'
	;;
aiwine)
	OWNER_REPO=jinjiebang/AIWine
	MANIFEST='
ad002a67baccada7e08f94812dcec0f588d74d89 src/main.cpp 5288f5c2f545f8084112013eda98696cb78a24d7db6b237de1b55460066b7e24
ad002a67baccada7e08f94812dcec0f588d74d89 src/AIWine.cpp f0e0608f31ec47fad2b56599443b2a5e9186e81232e29ed2c829b1bc3ed6572a
ad002a67baccada7e08f94812dcec0f588d74d89 src/Board.cpp 66d75d5d34e1c9b23da4c06780d50c3f2251f9182e08e25c686923379d0a2fd2
ad002a67baccada7e08f94812dcec0f588d74d89 src/HashTable.h 25ab6c2388f8cd4d2a5e1f001fad6b68e070aeec3dd2c4d759c5db70f4a70c58
9e89ec287f3398ab31a2025550475e232ef14472 src/AIWine.h eaa46287b44a841228cbe4f8487e6cd16625e936533a3415379d56c1610bd958
a2fc4bc866e58c4759b061e0c6bb11cd73f74913 src/Board.h 034967807ccdcfc6a4b981a434a5780e571957a43c3d1785a4815796b85b51dc
40a8c9398c6b46bff3c107c080278e13766797d7 src/AITypes.h 20ac2b16f55b0397817cbf2744802bc1613f9e0d0d8d72e076c280aeffbacf98
0d9c0e7a5518d1563c0817dd26f99b31021e00e8 src/Chess.h b153ebb2da25f4be955123d359df007987907fc8f76deb8970efa19fb441811c
0d9c0e7a5518d1563c0817dd26f99b31021e00e8 src/Chess.cpp 3f6c8625ca7ee64d32daf0a2750e6d8102f7cf154ba76e1c281cc2be40a92279
0d9c0e7a5518d1563c0817dd26f99b31021e00e8 src/ChessShape.h 7832d9cb06d92f1923ed8272e561fb7a9b89ed2ef923ea17f7af838014cbc0a3
0d9c0e7a5518d1563c0817dd26f99b31021e00e8 src/ChessShape.cpp 3baa3860d5ea7d917c20d1c902e5d90cdf2bd24edc446b0ec720627f93fb08d0
'
	;;
*)
	usage
	;;
esac

# ---- tools ----
command -v "$CXX" >/dev/null 2>&1 ||
	die "C++ compiler '$CXX' not found (install g++, e.g. 'apt-get install g++', or set CXX)"
if [ -z "$SRC_DIR" ]; then
	command -v curl >/dev/null 2>&1 ||
		die "curl not found; install curl, or set SRC_DIR to a directory with the upstream sources"
else
	[ -d "$SRC_DIR" ] || die "SRC_DIR=$SRC_DIR is not a directory"
fi
if [ "$BRAIN" = aiwine ]; then
	command -v patch >/dev/null 2>&1 || die "patch not found (install it, e.g. 'apt-get install patch')"
fi
if [ "$VERIFY" != 0 ]; then
	if command -v sha256sum >/dev/null 2>&1; then
		SHA256="sha256sum"
	elif command -v shasum >/dev/null 2>&1; then
		SHA256="shasum -a 256"
	else
		die "neither sha256sum nor shasum found (or set VERIFY=0 to skip checksums)"
	fi
fi
NICE=
if command -v nice >/dev/null 2>&1; then
	NICE="nice -n 19"
fi

# ---- work directory (layout: WORK/src/... upstream files, WORK/compat/ our shims) ----
mkdir -p "$OUT_DIR"
OUT_DIR=$(cd "$OUT_DIR" && pwd)
WORK=$(mktemp -d "${TMPDIR:-/tmp}/gamok-opponent-$BRAIN.XXXXXX")
cleanup() {
	if [ "$KEEP_WORK" = 1 ]; then
		echo "build.sh: work directory kept: $WORK" >&2
	else
		rm -rf "$WORK"
	fi
}
trap cleanup EXIT
trap 'exit 1' HUP INT TERM
mkdir -p "$WORK/src" "$WORK/compat"

# ---- obtain sources ----
if [ -n "$SRC_DIR" ]; then
	echo "build.sh: $BRAIN: copying sources from $SRC_DIR"
else
	echo "build.sh: $BRAIN: downloading sources from github.com/$OWNER_REPO"
fi
bad=0
while read -r commit path sum; do
	[ -n "$commit" ] || continue
	rel=${path#*/}           # source/pbrain/x.cpp -> pbrain/x.cpp ; src/main.cpp -> main.cpp
	dst=$WORK/src/$rel
	mkdir -p "$(dirname "$dst")"
	if [ -n "$SRC_DIR" ]; then
		if [ -f "$SRC_DIR/$path" ]; then
			cp "$SRC_DIR/$path" "$dst"
		elif [ -f "$SRC_DIR/$rel" ]; then
			cp "$SRC_DIR/$rel" "$dst"
		else
			die "$path not found under SRC_DIR=$SRC_DIR (looked for $SRC_DIR/$path and $SRC_DIR/$rel)"
		fi
	else
		url=https://raw.githubusercontent.com/$OWNER_REPO/$commit/$path
		curl -fsSL --connect-timeout 30 --retry 3 -o "$dst" "$url" || die "download failed: $url"
	fi
	if [ "$VERIFY" != 0 ]; then
		got=$($SHA256 <"$dst" | cut -d' ' -f1)
		if [ "$got" != "$sum" ]; then
			echo "build.sh: checksum mismatch: $path (want $sum @ $commit, got $got)" >&2
			bad=1
		fi
	fi
done <<EOF
$MANIFEST
EOF
if [ "$bad" != 0 ]; then
	die "sources differ from the pinned upstream files (an already patched AIWine main.cpp, or another commit?); VERIFY=0 builds anyway"
fi

# ---- our shims, patch, compile (flags as used for the measured reference binaries) ----
cd "$WORK"
case $BRAIN in
pela)
	cp "$HERE/pela/compat/windows.h" compat/
	# upstream board.h does: #include "..\skelet_CPP\pisqpipe.h" -- on Linux that is one file
	# name containing backslashes, found through -Icompat. Generated here so that the repository
	# holds no such file name.
	printf '#include "../src/skelet_CPP/pisqpipe.h"\n' >'compat/..\skelet_CPP\pisqpipe.h'
	# shellcheck disable=SC2086 # $NICE is empty or "nice -n 19"
	$NICE "$CXX" -O2 -DNDEBUG -std=gnu++11 -w -pthread -Icompat \
		src/pbrain/alfabeta.cpp src/pbrain/piskcomp.cpp src/pbrain/pisktur.cpp \
		src/skelet_CPP/pisqpipe.cpp -o pbrain-pela
	;;
aiwine)
	cp "$HERE/aiwine/compat/aiwine_compat.h" "$HERE/aiwine/compat/zero_new.cpp" compat/
	patch -p1 -N <"$HERE/aiwine/linux.patch" >/dev/null || die "aiwine/linux.patch does not apply"
	# shellcheck disable=SC2086 # $NICE is empty or "nice -n 19"
	$NICE "$CXX" -std=c++11 -O2 -DNDEBUG -include compat/aiwine_compat.h -Isrc \
		src/main.cpp src/AIWine.cpp src/Board.cpp src/Chess.cpp src/ChessShape.cpp compat/zero_new.cpp \
		-o pbrain-aiwine
	;;
*)
	die "unknown brain $BRAIN"
	;;
esac
cp "pbrain-$BRAIN" "$OUT_DIR/pbrain-$BRAIN"
echo "build.sh: built $OUT_DIR/pbrain-$BRAIN"
