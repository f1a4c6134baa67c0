#!/bin/sh
# Prints the folder that holds libcudart_static.a for the nvcc named in $1, or nothing.
# nvcc is often a wrapper script outside its toolkit (/usr/local/bin/nvcc exec'ing
# /usr/local/cuda-13.0/bin/nvcc), so its own folder says nothing: nvcc --dryrun prints the
# toolkit root (TOP) and the target folder it links from, which is what we ask.
nvcc=${1:-nvcc}
dry=$("$nvcc" --dryrun -c -x cu /dev/null -o /dev/null 2>&1) || true
top=$(printf '%s\n' "$dry" | sed -n 's/^#\$ TOP=//p' | head -n 1)
target=$(printf '%s\n' "$dry" | sed -n 's/^#\$ _TARGET_DIR_=\(..*\)$/\1/p' | head -n 1)
dirs="${CUDA_HOME:-/usr/local/cuda}/lib64"
[ -n "$top" ] && dirs="$top/$target/lib $top/lib64 $top/lib $dirs"
for dir in $dirs; do
    if [ -f "$dir/libcudart_static.a" ]; then
        (cd "$dir" && pwd -P)
        exit 0
    fi
done
exit 0
