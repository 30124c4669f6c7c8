#!/bin/sh
# bench/run.sh: builds every benchmark and prints, in one run, the ratios
# DVMH time / hand-written time (OpenMP, MPI, CUDA), the SOR speedup on 2
# processes over 1 and SOR's and ADI's times on 2 threads and 2 processes
# over 1, the plugin's compile-time overhead over plain clang (host only
# without a cache, first build with nvcc, rebuilds from the object cache;
# beside it, for scale, what -fopenmp costs clang on the OpenMP version)
# and the start-up time of a program run outside mpiexec.
# Usage: bench/run.sh [DVMCC] (default: build/tools/dvmcc)
# Environment: THREADS (CPU threads, default: all cores), SMALL=1 (small
# sizes, to check that everything builds and runs), RUNS (runs of each
# benchmark, the fastest counts; default 3).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
dvmcc=${1:-$here/../build/tools/dvmcc}
[ -x "$dvmcc" ] || { echo "dvmcc not found at $dvmcc (give its path as the argument)"; exit 1; }
cc=${CC:-clang-19}
threads=${THREADS:-$(nproc)}
work=$(mktemp -d "${TMPDIR:-/tmp}/dvmh-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT
if [ "${SMALL:-0}" = 1 ]; then
    s2="-DL=400 -DITMAX=5"; s3="-DL=64 -DITMAX=5"; ssor="-DN=400 -DITMAX=3"; cuda_args="64 5"
    sadi="-DL=32 -DITMAX=3"
else
    s2=""; s3=""; ssor=""; cuda_args="384 20"; sadi=""
fi
flags="-O2"

echo "== building (dvmcc: $dvmcc, $cc $flags, $threads threads)"
"$dvmcc" $flags $s2 "$here/jacobi2d_dvmh.c" -o "$work/jacobi2d_dvmh"
"$cc" $flags -fopenmp $s2 "$here/jacobi2d_omp.c" -o "$work/jacobi2d_omp" -lm
mpicc -cc="$cc" $flags $s2 "$here/jacobi2d_mpi.c" -o "$work/jacobi2d_mpi" -lm
"$dvmcc" $flags $s3 "$here/jacobi3d_dvmh.c" -o "$work/jacobi3d_dvmh"
"$cc" $flags -fopenmp $s3 "$here/jacobi3d_omp.c" -o "$work/jacobi3d_omp" -lm
"$dvmcc" $flags $ssor "$here/sor_dvmh.c" -o "$work/sor_dvmh"
"$dvmcc" $flags $sadi "$here/adi_dvmh.c" -o "$work/adi_dvmh"
# the same programs as plain C (directives ignored): the one-thread overhead
"$cc" $flags -Wno-unknown-pragmas $s2 "$here/jacobi2d_dvmh.c" -o "$work/jacobi2d_plain" -lm
"$cc" $flags -Wno-unknown-pragmas $s3 "$here/jacobi3d_dvmh.c" -o "$work/jacobi3d_plain" -lm
"$cc" $flags -Wno-unknown-pragmas $sadi "$here/adi_dvmh.c" -o "$work/adi_plain" -lm
have_nvcc=0
if command -v nvcc >/dev/null 2>&1 || [ -x /usr/local/cuda/bin/nvcc ]; then
    nvcc=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
    # for this machine's GPU, as dvmcc builds for sm_90 by default
    arch=$(nvidia-smi -L >/dev/null 2>&1 && echo -arch=native || true)
    "$nvcc" -O3 $arch "$here/jacobi3d_cuda.cu" -o "$work/jacobi3d_cuda" && have_nvcc=1
fi

# time_of (a benchmark's "time=" field) and ratio
. "$here/helpers.sh"
# runs a benchmark RUNS times (default 3), shows the line of its fastest
# run on stderr, prints that run's time (nothing if a run failed)
run() {
    name=$1; shift
    best=""; best_out=""
    for k in $(seq "${RUNS:-3}"); do
        if ! out=$("$@" 2>&1); then
            echo "  $name: FAILED: $(echo "$out" | tail -2)" >&2
            return 0
        fi
        t=$(echo "$out" | time_of)
        if [ -z "$best" ] || awk -v a="$t" -v b="$best" 'BEGIN { exit !(a < b) }'; then
            best=$t; best_out=$out
        fi
    done
    echo "  $name: $best_out" >&2; echo "$best"
}

echo "== CPU, one process, $threads threads"
t_d2=$(run "jacobi2d dvmh" env DVMH_NUM_THREADS=$threads "$work/jacobi2d_dvmh")
t_o2=$(run "jacobi2d omp " env OMP_NUM_THREADS=$threads "$work/jacobi2d_omp")
t_d3=$(run "jacobi3d dvmh" env DVMH_NUM_THREADS=$threads "$work/jacobi3d_dvmh")
t_o3=$(run "jacobi3d omp " env OMP_NUM_THREADS=$threads "$work/jacobi3d_omp")

echo "== one process, one thread, against plain C"
t_p2=$(run "jacobi2d dvmh " env DVMH_NUM_THREADS=1 "$work/jacobi2d_dvmh")
t_c2=$(run "jacobi2d plain" "$work/jacobi2d_plain")
t_p3=$(run "jacobi3d dvmh " env DVMH_NUM_THREADS=1 "$work/jacobi3d_dvmh")
t_c3=$(run "jacobi3d plain" "$work/jacobi3d_plain")
t_pa=$(run "adi dvmh      " env DVMH_NUM_THREADS=1 "$work/adi_dvmh")
t_ca=$(run "adi plain     " "$work/adi_plain")

echo "== MPI, $threads processes, one thread each"
t_dm=$(run "jacobi2d dvmh" env DVMH_NUM_THREADS=1 mpiexec -n "$threads" "$work/jacobi2d_dvmh")
t_mm=$(run "jacobi2d mpi " mpiexec -n "$threads" "$work/jacobi2d_mpi")

echo "== SOR with across, 1 and 2 processes, one thread each"
t_s1=$(run "sor 1 process  " env DVMH_NUM_THREADS=1 "$work/sor_dvmh")
t_s2=$(run "sor 2 processes" env DVMH_NUM_THREADS=1 mpiexec -n 2 "$work/sor_dvmh")
t_st=$(run "sor 2 threads  " env DVMH_NUM_THREADS=2 "$work/sor_dvmh")

echo "== ADI (across in 3 dimensions): plain C, 1 process x 1 thread, 2 processes, 2 threads"
t_a1=$(run "adi 1 process  " env DVMH_NUM_THREADS=1 "$work/adi_dvmh")
t_a2=$(run "adi 2 processes" env DVMH_NUM_THREADS=1 mpiexec -n 2 "$work/adi_dvmh")
t_at=$(run "adi 2 threads  " env DVMH_NUM_THREADS=2 "$work/adi_dvmh")

gpu_lines=""
if [ $have_nvcc = 1 ] && nvidia-smi -L >/dev/null 2>&1; then
    echo "== GPU"
    L=${cuda_args% *}; IT=${cuda_args#* }
    for real in float double; do
        "$dvmcc" $flags -DL=$L -DITMAX=$IT -DREAL=$real "$here/jacobi3d_dvmh.c" -o "$work/jacobi3d_gpu_$real"
    done
    gpu_lines="
$("$here/gpu_rows.sh" "$work" "$L" "$IT")"
else
    echo "== GPU: skipped (no nvcc or no GPU); jacobi3d_cuda.cu built: $have_nvcc"
fi

echo "== compile time of jacobi2d_dvmh.c (best of 3): dvmcc -c vs $cc -c"
best() {
    b=""
    for k in 1 2 3; do
        t0=$(date +%s.%N); "$@" >/dev/null 2>&1 || { echo ""; return 0; }; t1=$(date +%s.%N)
        b=$(awk -v b="$b" -v t="$(awk -v a="$t0" -v c="$t1" 'BEGIN { print c - a }')" \
            'BEGIN { if (b == "" || t < b) print t; else print b }')
    done
    echo "$b"
}
src=$here/jacobi2d_dvmh.c
c_p=$(best "$cc" $flags -c "$src" -o "$work/c2.o")
# for scale: what OpenMP's outlining costs clang on the hand-written
# version of the same program (with -fopenmp against without)
c_op=$(best "$cc" $flags -fopenmp -c "$here/jacobi2d_omp.c" -o "$work/c5.o")
c_oq=$(best "$cc" $flags -c "$here/jacobi2d_omp.c" -o "$work/c6.o")
# host only: no cache, every run compiles (a rebuild would copy the object)
c_h=$(best env CDVMH_NVCC= CDVMH_CUDA_CACHE=off "$dvmcc" $flags -c "$src" -o "$work/c3.o")
# an unchanged file again, host only: from the object cache
CDVMH_NVCC= CDVMH_CUDA_CACHE="$work/cache-host" "$dvmcc" $flags -c "$src" -o "$work/c4.o" >/dev/null 2>&1
c_hr=$(best env CDVMH_NVCC= CDVMH_CUDA_CACHE="$work/cache-host" "$dvmcc" $flags -c "$src" -o "$work/c4.o")
c_first=""; c_re=""; c_nv=""
if [ $have_nvcc = 1 ]; then
    # first build: an empty image cache each time; rebuild: the cache filled
    c_first=$(best sh -c 'rm -rf "$1" && CDVMH_CUDA_CACHE="$1" "$2" -O2 -c "$3" -o "$4"' \
        sh "$work/cache-first" "$dvmcc" "$src" "$work/c1.o")
    CDVMH_CUDA_CACHE="$work/cache" "$dvmcc" $flags -c "$src" -o "$work/c1.o" >/dev/null 2>&1
    c_re=$(best env CDVMH_CUDA_CACHE="$work/cache" "$dvmcc" $flags -c "$src" -o "$work/c1.o")
    # nvcc alone on the same CUDA handlers, as the plugin runs it
    "$here/../build/rewriter/cdvmh" -I"$here/../lib/include" "$src" -o "$work/h.c" \
        --cuda-out "$work/k.cu" >/dev/null 2>&1 || true
    [ -s "$work/k.cu" ] && c_nv=$(best "$nvcc" -fatbin -w -gencode arch=compute_90,code=sm_90 \
        -gencode arch=compute_90,code=compute_90 -I"$here/../lib/include" "$work/k.cu" \
        -I"$here" -o "$work/k.fatbin")
fi

echo "== start-up (best of 10; outside mpiexec): an empty program, a 1-iteration Jacobi"
printf 'int main(void) { return 0; }\n' > "$work/empty.c"
"$dvmcc" --no-cuda -O2 "$work/empty.c" -o "$work/empty" 2>/dev/null
"$cc" -O2 "$work/empty.c" -o "$work/empty_cc"
"$dvmcc" --no-cuda $flags -DL=96 -DITMAX=1 "$src" -o "$work/jacobi_1it" 2>/dev/null
best10() {
    b=""
    for k in 1 2 3 4 5 6 7 8 9 10; do
        t0=$(date +%s.%N); "$@" >/dev/null 2>&1 || { echo ""; return 0; }; t1=$(date +%s.%N)
        b=$(awk -v b="$b" -v t="$(awk -v a="$t0" -v c="$t1" 'BEGIN { print c - a }')" \
            'BEGIN { if (b == "" || t < b) print t; else print b }')
    done
    echo "$b"
}
s_cc=$(best10 "$work/empty_cc")
s_e=$(best10 "$work/empty")
s_j=$(best10 env DVMH_NUM_THREADS=1 "$work/jacobi_1it")

echo
echo "== ratios (time of DVMH / time of hand-written; 1.00 = as fast; each the fastest of ${RUNS:-3} runs)"
echo "jacobi2d CPU         DVMH / OpenMP        $(ratio "$t_d2" "$t_o2")   ($t_d2 s / $t_o2 s)"
echo "jacobi3d CPU         DVMH / OpenMP        $(ratio "$t_d3" "$t_o3")   ($t_d3 s / $t_o3 s)"
echo "jacobi2d 1 thread     DVMH / plain C       $(ratio "$t_p2" "$t_c2")   ($t_p2 s / $t_c2 s)"
echo "jacobi3d 1 thread     DVMH / plain C       $(ratio "$t_p3" "$t_c3")   ($t_p3 s / $t_c3 s)"
echo "adi 1 thread          DVMH / plain C       $(ratio "$t_pa" "$t_ca")   ($t_pa s / $t_ca s)"
echo "jacobi2d MPI x2       DVMH / MPI           $(ratio "$t_dm" "$t_mm")   ($t_dm s / $t_mm s)"
echo "sor across           speedup 2 proc / 1   $(ratio "$t_s1" "$t_s2")   ($t_s1 s / $t_s2 s)"
echo "sor across           2 threads / 1        $(ratio "$t_st" "$t_s1")   ($t_st s / $t_s1 s)"
echo "adi across           2 processes / 1      $(ratio "$t_a2" "$t_a1")   ($t_a2 s / $t_a1 s)"
echo "adi across           2 threads / 1        $(ratio "$t_at" "$t_a1")   ($t_at s / $t_a1 s)"
[ -n "$gpu_lines" ] && echo "$gpu_lines" | sed '1d'
echo "compile, host only   dvmcc / clang        $(ratio "$c_h" "$c_p")   ($c_h s / $c_p s; CDVMH_NVCC=, no cache)"
echo "compile, OpenMP      clang -fopenmp / clang $(ratio "$c_op" "$c_oq")   ($c_op s / $c_oq s; jacobi2d_omp.c, for scale)"
echo "compile, host rebuild dvmcc / clang       $(ratio "$c_hr" "$c_p")   ($c_hr s / $c_p s; object from the cache)"
if [ $have_nvcc = 1 ]; then
echo "compile, nvcc first  dvmcc / clang        $(ratio "$c_first" "$c_p")   ($c_first s / $c_p s; empty image cache)"
echo "compile, nvcc first  dvmcc / nvcc alone   $(ratio "$c_first" "$c_nv")   ($c_first s / $c_nv s)"
echo "compile, rebuild     dvmcc / clang        $(ratio "$c_re" "$c_p")   ($c_re s / $c_p s; object from the cache)"
fi
echo "start-up, empty      seconds              $s_e   (plain $cc program: $s_cc s)"
echo "start-up, jacobi 1it seconds              $s_j"
