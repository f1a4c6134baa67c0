#!/bin/sh
# Build a third-party opponent brain for gamok-arena from pinned upstream sources.
#
#   tournaments/opponents/build.sh pela|aiwine|rapfi [OUT_DIR]
#
# Output: OUT_DIR/pbrain-pela, OUT_DIR/pbrain-aiwine, or OUT_DIR/pbrain-rapfi with its
# config.toml and classical model next to it (default OUT_DIR: build/opponents, relative to
# the current directory).
#
# The upstream code is NOT part of this repository. It is downloaded from GitHub at the
# pinned commits below, or, with SRC_DIR set, copied from a directory that already holds it
# (machines without network). SRC_DIR may be either
#   - an upstream checkout root  (Piskvork: source/pbrain/..., AIWine: src/..., rapfi: Rapfi/...),
#   - or the directory one level in (Piskvork's source/, AIWine's src/, rapfi's Rapfi/).
# Pela and AIWine come file by file from raw.githubusercontent.com, and every file is checked
# against its recorded SHA-256. Rapfi's source comes as the GitHub tarball of the pinned
# commit; its Rapfi/ tree is checked with one SHA-256 over the sorted list of its files'
# SHA-256 (see tree_sha256). Rapfi's classical model and config example come file by file
# from dhbloo/rapfi-networks, or from NET_DIR (default with SRC_DIR: SRC_DIR's Networks/
# submodule). VERIFY=0 skips all checks; the result then need not match the brains we
# measured against.
#
# Only our own files from this directory are added: compat shims (and for AIWine, the
# one-line linux.patch); Rapfi needs none, only CMake options and a config.toml generated
# from upstream's example. See README.md here.
#
# Environment: SRC_DIR (see above), VERIFY (default 1), CXX (default g++),
#              KEEP_WORK=1 keeps the temporary work directory (its path is printed).
#   rapfi only: NET_DIR (directory with classical/ and config-example/ of rapfi-networks),
#              RAPFI_ISA=avx2|sse|none (default avx2), JOBS (parallel compile jobs),
#              RAPFI_TURN_TIME_RESERVED (ms kept back from each turn), RAPFI_HASH_MB (hash
#              table size at start-up); defaults below.
set -eu

usage() {
	echo "usage: $0 pela|aiwine|rapfi [OUT_DIR]" >&2
	echo "  env: SRC_DIR=/dir/with/upstream/sources  VERIFY=0  CXX=g++  KEEP_WORK=1" >&2
	echo "  rapfi: NET_DIR=/dir/with/rapfi-networks  RAPFI_ISA=avx2|sse|none  JOBS=N" >&2
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
NET_DIR=${NET_DIR:-}

HERE=$(cd "$(dirname "$0")" && pwd)

# Pinned upstream files: COMMIT PATH SHA256 (PATH as in the upstream repository).
# Piskvork files are byte-exact upstream copies (CRLF line endings); AIWine's main.cpp
# hash is that of the unpatched upstream file.
# FILES_REPO is where the MANIFEST files come from, FILES_DIR their local copy (SRC_DIR or,
# for rapfi, NET_DIR).
case $BRAIN in
pela)
	OWNER_REPO=plastovicka/Piskvork
	FILES_REPO=$OWNER_REPO
	MANIFEST=$(grep -v '^#' "$HERE/pela/manifest.txt")
	;;
aiwine)
	OWNER_REPO=jinjiebang/AIWine
	FILES_REPO=$OWNER_REPO
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
rapfi)
	# Source: the whole Rapfi/ directory of dhbloo/rapfi at RAPFI_COMMIT ("0.43.02"), checked
	# with tree_sha256. Model and config example: dhbloo/rapfi-networks (CC0), the commit that
	# RAPFI_COMMIT's Networks submodule points to.
	OWNER_REPO=dhbloo/rapfi
	RAPFI_COMMIT=3aedf3a2ab0ab710a9f3d00e57d5287ceb864894
	RAPFI_TREE_SHA256=a736eb8ce87c2ea696dc93d7e2672f08721bfa6d4a2c9a9434139777d09d5d30
	RAPFI_MODEL=model220723.bin
	FILES_REPO=dhbloo/rapfi-networks
	MANIFEST='
918b757a129258e9e765f77fe17d507c2bb1a60b classical/model220723.bin 834889c21f4ca859d30acdc6864f30fa73c5326714ea7e9bfb44075a7099ce33
918b757a129258e9e765f77fe17d507c2bb1a60b config-example/config.toml 32b9180c91247541d399ceef62906d5ffeb48e34eb5f261612987633820d5d3c
'
	# Milliseconds Rapfi keeps back from each turn (upstream: 30). 50, because a rule other
	# than freestyle clears the hash table (~25 ms for 350 MiB) inside the first timed move.
	RAPFI_TURN_TIME_RESERVED=${RAPFI_TURN_TIME_RESERVED:-50}
	# Hash table size allocated at start-up (upstream example: 32 MiB). 350 MiB is what
	# gamok-arena's default INFO max_memory (367001600) and Gomocup's max_memory 0 give it, so
	# INFO max_memory does not reallocate and clear the table inside the first timed move.
	RAPFI_HASH_MB=${RAPFI_HASH_MB:-350}
	case $RAPFI_TURN_TIME_RESERVED$RAPFI_HASH_MB in
	*[!0-9]*) die "RAPFI_TURN_TIME_RESERVED and RAPFI_HASH_MB must be whole numbers" ;;
	esac
	RAPFI_ISA=${RAPFI_ISA:-avx2}
	case $RAPFI_ISA in
	avx2) ISA_FLAGS="-DUSE_SSE=ON -DUSE_AVX2=ON -DUSE_BMI2=ON" ;;
	sse) ISA_FLAGS="-DUSE_SSE=ON -DUSE_AVX2=OFF -DUSE_BMI2=OFF" ;;
	none) ISA_FLAGS="-DUSE_SSE=OFF -DUSE_AVX2=OFF -DUSE_BMI2=OFF" ;;
	*) die "RAPFI_ISA must be avx2, sse or none" ;;
	esac
	;;
*)
	usage
	;;
esac

# ---- tools ----
command -v "$CXX" >/dev/null 2>&1 ||
	die "C++ compiler '$CXX' not found (install g++, e.g. 'apt-get install g++', or set CXX)"
if [ -n "$SRC_DIR" ]; then
	[ -d "$SRC_DIR" ] || die "SRC_DIR=$SRC_DIR is not a directory"
fi
FILES_DIR=$SRC_DIR           # local copy of the MANIFEST files; empty: download them
if [ "$BRAIN" = rapfi ]; then
	command -v cmake >/dev/null 2>&1 || die "cmake not found (3.18 or newer; e.g. 'apt-get install cmake')"
	command -v cc >/dev/null 2>&1 || command -v gcc >/dev/null 2>&1 ||
		die "no C compiler (cc/gcc) found; Rapfi builds lz4 from C"
	# rapfi-networks files: NET_DIR, else the Networks/ submodule of the checkout in SRC_DIR
	if [ -z "$NET_DIR" ] && [ -n "$SRC_DIR" ]; then
		for d in "$SRC_DIR/Networks" "$SRC_DIR/../Networks"; do
			if [ -f "$d/classical/$RAPFI_MODEL" ]; then
				NET_DIR=$d
				break
			fi
		done
		[ -n "$NET_DIR" ] ||
			die "no rapfi-networks files under SRC_DIR (Networks/classical/$RAPFI_MODEL); set NET_DIR"
	fi
	[ -z "$NET_DIR" ] || [ -d "$NET_DIR" ] || die "NET_DIR=$NET_DIR is not a directory"
	FILES_DIR=$NET_DIR
	if [ -z "$SRC_DIR" ]; then
		for t in tar gzip; do
			command -v $t >/dev/null 2>&1 || die "$t not found; it is needed to unpack the downloaded source"
		done
	fi
fi
if [ -z "$SRC_DIR" ] || [ -z "$FILES_DIR" ]; then
	command -v curl >/dev/null 2>&1 ||
		die "curl not found; install curl, or set SRC_DIR to a directory with the upstream sources"
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

# SHA-256 of a directory tree: of the list "SHA256  ./PATH", one line per file, sorted by
# PATH in the C locale. Same as:  cd DIR && find . -type f | LC_ALL=C sort | xargs sha256sum | sha256sum
tree_sha256() {
	(cd "$1" && find . -type f | LC_ALL=C sort | while IFS= read -r f; do $SHA256 "$f"; done) |
		$SHA256 | cut -d' ' -f1
}

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
bad=0
if [ "$BRAIN" = rapfi ]; then
	# the whole Rapfi/ directory -> WORK/src/Rapfi
	if [ -n "$SRC_DIR" ]; then
		if [ -f "$SRC_DIR/Rapfi/CMakeLists.txt" ]; then
			tree=$SRC_DIR/Rapfi
		elif [ -f "$SRC_DIR/CMakeLists.txt" ] && [ -f "$SRC_DIR/main.cpp" ]; then
			tree=$SRC_DIR
		else
			die "no Rapfi sources under SRC_DIR=$SRC_DIR (looked for Rapfi/CMakeLists.txt and CMakeLists.txt)"
		fi
		echo "build.sh: rapfi: copying sources from $tree"
		cp -R "$tree" "$WORK/src/Rapfi"
	else
		url=https://github.com/$OWNER_REPO/archive/$RAPFI_COMMIT.tar.gz
		echo "build.sh: rapfi: downloading $url"
		curl -fsSL --connect-timeout 30 --retry 3 -o "$WORK/rapfi.tar.gz" "$url" || die "download failed: $url"
		mkdir "$WORK/unpack"
		gzip -dc "$WORK/rapfi.tar.gz" | (cd "$WORK/unpack" && tar -xf -) || die "cannot unpack $url"
		for d in "$WORK"/unpack/*/Rapfi; do
			[ -f "$d/CMakeLists.txt" ] || die "no Rapfi/CMakeLists.txt in $url"
			mv "$d" "$WORK/src/Rapfi"
		done
		rm -rf "$WORK/unpack" "$WORK/rapfi.tar.gz"
	fi
	if [ "$VERIFY" != 0 ]; then
		got=$(tree_sha256 "$WORK/src/Rapfi")
		if [ "$got" != "$RAPFI_TREE_SHA256" ]; then
			echo "build.sh: checksum mismatch: Rapfi/ tree (want $RAPFI_TREE_SHA256 @ $RAPFI_COMMIT, got $got)" >&2
			bad=1
		fi
	fi
fi
if [ -n "$FILES_DIR" ]; then
	echo "build.sh: $BRAIN: copying files from $FILES_DIR"
else
	echo "build.sh: $BRAIN: downloading files from github.com/$FILES_REPO"
fi
while read -r commit path sum; do
	[ -n "$commit" ] || continue
	rel=${path#*/}           # source/pbrain/x.cpp -> pbrain/x.cpp ; src/main.cpp -> main.cpp
	dst=$WORK/src/$rel
	mkdir -p "$(dirname "$dst")"
	if [ -n "$FILES_DIR" ]; then
		if [ -f "$FILES_DIR/$path" ]; then
			cp "$FILES_DIR/$path" "$dst"
		elif [ -f "$FILES_DIR/$rel" ]; then
			cp "$FILES_DIR/$rel" "$dst"
		else
			die "$path not found under $FILES_DIR (looked for $FILES_DIR/$path and $FILES_DIR/$rel)"
		fi
	else
		url=https://raw.githubusercontent.com/$FILES_REPO/$commit/$path
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
	die "sources differ from the pinned upstream files (an already patched AIWine main.cpp, another commit, or extra files such as a build folder in Rapfi/?); VERIFY=0 builds anyway"
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
rapfi)
	# Classical evaluation only, one thread, plain Gomocup brain: no threads, no command
	# modules (bench, tuning, ...), no ONNX evaluator; SIMD set explicitly (not detected from
	# the host). Rapfi links such a build statically. Its NNUE code is compiled in, but stays
	# unused: the generated config names no [model.evaluator] and no weights are shipped.
	jobs=${JOBS:-$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)}
	# shellcheck disable=SC2086 # $ISA_FLAGS is a list of -D options
	cmake -S src/Rapfi -B cmake-build -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER="$CXX" \
		-DNO_MULTI_THREADING=ON -DNO_COMMAND_MODULES=ON -DUSE_ORT_EVALUATOR=OFF -DENABLE_LTO=OFF \
		$ISA_FLAGS -DUSE_AVX512=OFF -DUSE_VNNI=OFF -DUSE_NEON=OFF -DUSE_NEON_DOTPROD=OFF \
		-DUSE_WASM_SIMD=OFF -DUSE_WASM_SIMD_RELAXED=OFF >cmake.log 2>&1 ||
		{ cat cmake.log >&2; die "cmake configure failed"; }
	# shellcheck disable=SC2086 # $NICE is empty or "nice -n 19"
	$NICE cmake --build cmake-build -j "$jobs" >build.log 2>&1 ||
		{ tail -n 40 build.log >&2; die "rapfi build failed (log: $WORK/build.log with KEEP_WORK=1)"; }
	cp cmake-build/pbrain-rapfi pbrain-rapfi
	# config.toml from upstream's example: the classical model for all rules (freestyle,
	# standard, renju; the .bin holds all three), no [model.evaluator] (NNUE) tables, one
	# thread, our hash size and turn_time_reserved. Everything else stays as in the example.
	awk -v model="$RAPFI_MODEL" -v reserve="$RAPFI_TURN_TIME_RESERVED" -v net="$FILES_REPO" \
		-v tt_kb=$((RAPFI_HASH_MB * 1024)) \
		-v commit="$(echo "$MANIFEST" | awk 'NF { print $1; exit }')" '
		BEGIN {
			print "# Generated by gamok tournaments/opponents/build.sh from " net "@" commit
			print "# config-example/config.toml: classical evaluation only, 1 thread."
			print ""
		}
		/^\[/ { skip = ($0 ~ /^\[\[?model\.evaluator/) }
		skip { next }
		/^binary_file[ \t]*=/ { print "binary_file = \"" model "\""; next }
		/^default_thread_num[ \t]*=/ { print "default_thread_num = 1"; next }
		/^default_tt_size_kb[ \t]*=/ { print "default_tt_size_kb = " tt_kb; next }
		{ print }
		/^\[search\.timectl\]/ {
			print "# Time reserved for delay in communication between engine and GUI (ms)"
			print "turn_time_reserved = " reserve
			print ""
		}' src/config.toml >config.toml
	if ! grep -q "^binary_file = \"$RAPFI_MODEL\"" config.toml ||
		! grep -q '^turn_time_reserved = ' config.toml || ! grep -q '^default_tt_size_kb = ' config.toml ||
		grep -q 'model\.evaluator' config.toml; then
		die "config-example/config.toml has an unexpected layout; config.toml not generated"
	fi
	cp config.toml "$OUT_DIR/config.toml"
	cp "src/$RAPFI_MODEL" "$OUT_DIR/$RAPFI_MODEL"
	echo "build.sh: wrote $OUT_DIR/config.toml and $OUT_DIR/$RAPFI_MODEL (Rapfi reads them from its folder)"
	;;
*)
	die "unknown brain $BRAIN"
	;;
esac
cp "pbrain-$BRAIN" "$OUT_DIR/pbrain-$BRAIN"
echo "build.sh: built $OUT_DIR/pbrain-$BRAIN"
