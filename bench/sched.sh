#!/bin/sh
# bench/sched.sh: the scheduling modes (DVMH_SCHED_TECH) on Jacobi-2D and
# ADI, one process, host + 2 emulated accelerators of which the second is
# SLOWDOWN times slower (DVMH_EMU_SLOWDOWN=1,$SLOWDOWN: it sleeps, so it
# uses no CPU), one host thread per device. Prints a table per program: the
# time of each mode and its ratio to the host alone (below 1: faster).
#   host alone      DVMH_NUM_EMUS=0
#   static equal    DVMH_CPU_PERF=1 DVMH_EMUS_PERF=1 (the weights given)
#   static measured no weights: the devices' speeds measured at start
#   simple-dynamic, dynamic (writes a scheme), scheme (reads it)
# Programs: bench/jacobi2d_dvmh.c, bench/adi_dvmh.c, tests/sched/converge.c.
# Usage: bench/sched.sh [DVMCC]; SMALL=1: small sizes; SLOWDOWN (default 4).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
dvmcc=${1:-$here/../build/tools/dvmcc}
[ -x "$dvmcc" ] || { echo "dvmcc not found at $dvmcc (give its path as the argument)"; exit 1; }
slow=${SLOWDOWN:-4}
work=$(mktemp -d "${TMPDIR:-/tmp}/dvmh-sched.XXXXXX")
trap 'rm -rf "$work"' EXIT
if [ "${SMALL:-0}" = 1 ]; then
    sj="-DL=300 -DITMAX=10"; sa="-DL=32 -DITMAX=3"
else
    sj="-DL=2000 -DITMAX=40"; sa="-DL=128 -DITMAX=10"
fi
"$dvmcc" --no-cuda -O2 $sj "$here/jacobi2d_dvmh.c" -o "$work/jacobi2d"
"$dvmcc" --no-cuda -O2 $sa "$here/adi_dvmh.c" -o "$work/adi"
"$dvmcc" --no-cuda -O2 "$here/../tests/sched/converge.c" -o "$work/converge"
if [ "${SMALL:-0}" = 1 ]; then cargs="300 10 10"; else cargs="1000 20 60"; fi

time_of() { sed -n 's/.*time=\([0-9.e+-]*\).*/\1/p' | tail -1; }
sum_of() { sed -n 's/.*checksum=\([0-9.e+-]*\).*/\1/p' | tail -1; }

echo "== scheduling modes: 1 process, host + emu0 + emu1 (emu1 ${slow}x slower), 1 thread each"
echo "   machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
# converge (tests/sched/converge.c, the convergence test's program: a
# compute-bound sweep) prints no time: the whole run is timed.
now() { date +%s.%N; }
for prog in jacobi2d adi converge; do
    exe=$work/$prog
    base="env DVMH_NUM_THREADS=1 DVMH_NUM_EMUS=2 DVMH_EMU_SLOWDOWN=1,$slow"
    file=$work/$prog.scheme
    host=""
    echo
    printf '%-16s %10s %8s  %s\n' "$prog" "seconds" "/ host" "checksum"
    for mode in host static-equal static-measured simple-dynamic dynamic scheme; do
        case $mode in
        host) cmd="env DVMH_NUM_THREADS=1 DVMH_NUM_EMUS=0 $exe" ;;
        static-equal) cmd="$base DVMH_CPU_PERF=1 DVMH_EMUS_PERF=1 $exe" ;;
        static-measured) cmd="$base $exe" ;;
        dynamic) cmd="$base DVMH_SCHED_TECH=dynamic DVMH_SCHED_FILE=$file $exe" ;;
        scheme) cmd="$base DVMH_SCHED_TECH=scheme DVMH_SCHED_FILE=$file $exe" ;;
        *) cmd="$base DVMH_SCHED_TECH=$mode $exe" ;;
        esac
        args=""; [ $prog = converge ] && args=$cargs
        t0=$(now)
        out=$($cmd $args 2>&1) || { echo "$mode: FAILED: $out"; continue; }
        t1=$(now)
        t=$(echo "$out" | time_of)
        [ $prog = converge ] && t=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.4f", b - a }') &&
            out="checksum=$(echo "$out" | sed -n 's/sum //p')"
        [ -z "$host" ] && host=$t
        printf '%-16s %10s %8s  %s\n' "$mode" "$t" \
            "$(awk -v a="$t" -v b="$host" 'BEGIN { printf "%.2f", a / b }')" "$(echo "$out" | sum_of)"
    done
done
