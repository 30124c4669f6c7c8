#!/bin/sh
# bench/gpu_rows.sh DIR L ITMAX: the GPU rows of bench/run.sh, from binaries
# built beforehand in DIR (jacobi3d_cuda, jacobi3d_gpu_float,
# jacobi3d_gpu_double: jacobi3d_dvmh.c with -DL=L -DITMAX=ITMAX -DREAL=...),
# so that a GPU machine without the compiler can run them (tests/gpu/bundle.py
# builds them). Prints the runs on stderr and the rows on stdout.
set -eu
dir=$1; L=$2; IT=$3
. "$(cd "$(dirname "$0")" && pwd)/helpers.sh"
cuda_out=$("$dir/jacobi3d_cuda" "$L" "$IT")
echo "$cuda_out" | sed 's/^/  /' >&2
d2d=$(echo "$cuda_out" | sed -n 's/.*bandwidth=\([0-9.]*\).*/\1/p')
for real in float double; do
    if out=$(env DVMH_CPU_PERF=0 DVMH_NUM_CUDAS=1 "$dir/jacobi3d_gpu_$real" 2>&1); then
        echo "  jacobi3d dvmh $real: $out" >&2
        t_dg=$(echo "$out" | time_of)
    else
        echo "  jacobi3d dvmh $real: FAILED: $(echo "$out" | tail -2)" >&2
        t_dg=""
    fi
    t_cg=$(echo "$cuda_out" | grep " $real " | time_of)
    # bytes per iteration: the copy loop reads A and B and writes A, the
    # stencil reads A and writes B (interior points)
    size=$([ $real = float ] && echo 4 || echo 8)
    gbs=$(awk -v l="$L" -v it="$IT" -v s=$size -v t="$t_dg" \
        'BEGIN { if (t > 0) printf "%.1f", 5 * (l - 2) ^ 3 * s * it / t / 1e9 }')
    echo "jacobi3d GPU $real  DVMH / CUDA          $(ratio "$t_dg" "$t_cg")   ($t_dg s / $t_cg s)"
    echo "jacobi3d GPU $real  bandwidth / D2D copy $(ratio "$gbs" "$d2d")   ($gbs GB/s / $d2d GB/s)"
done
