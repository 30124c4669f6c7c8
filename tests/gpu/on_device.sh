#!/bin/sh
# tests/gpu/on_device.sh BUNDLE.tar.xz [LOGDIR]: on a GPU machine without the
# compiler (the device tool's machine), runs what tests/gpu/bundle.py built:
# the runtime's backend test, the Jacobi-3D GPU rows of bench/run.sh and
# every bundled program (gpu_run.py --bundle). Logs go to LOGDIR.
set -u
here=$(cd "$(dirname "$0")" && pwd)
logs=${2:-.}
work=$(mktemp -d)
tar -C "$work" -xf "$1" || exit 1
top=$work/gpu-bundle
export LD_LIBRARY_PATH=$top/lib UCX_MODULE_DIR=$top/ucx
nvidia-smi -L; ldd --version | head -1
status=0
echo "== backend test"
"$top/bin/gpu_backend_test" >"$logs/backend.log" 2>&1 || status=1
tail -3 "$logs/backend.log"
echo "== Jacobi-3D on the GPU ($(cat "$top/bench/size"))"
"$here/../../bench/gpu_rows.sh" "$top/bench" $(cat "$top/bench/size") 2>"$logs/bench.log" || status=1
cat "$logs/bench.log"
echo "== profile: DVMH_STATS of the float build, and ncu where it works"
env DVMH_CPU_PERF=0 DVMH_NUM_CUDAS=1 DVMH_STATS="$logs/stats-float.txt" \
    "$top/bench/jacobi3d_gpu_float" >/dev/null 2>&1
grep -E "^(total|region|loop|  cuda|  host|  copy)" "$logs/stats-float.txt" 2>/dev/null | head -30
ncu=$(command -v ncu || ls /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | head -1)
# ncu_rows CSV: kernel | metric = value, one line each
ncu_rows() {
    grep -E '"(gpu__time|dram__bytes|launch__reg|launch__grid|launch__block|sm__warps|dram__thr)' "$1" |
        awk -F'","' '{print $5 " | " $(NF-2) " = " $NF}' | cut -c1-160
}
if [ -n "$ncu" ]; then
    m=gpu__time_duration.sum,dram__bytes_read.sum,dram__bytes_write.sum,launch__registers_per_thread,launch__grid_size,launch__block_size,sm__warps_active.avg.pct_of_peak_sustained_active,dram__throughput.avg.pct_of_peak_sustained_elapsed
    for real in float double; do
        timeout 60 "$ncu" --clock-control none --csv --metrics $m -s 3 -c 6 \
            env DVMH_CPU_PERF=0 DVMH_NUM_CUDAS=1 "$top/bench/jacobi3d_gpu_$real" \
            >"$logs/ncu-dvmh-$real.csv" 2>&1
        ncu_rows "$logs/ncu-dvmh-$real.csv"
    done
    timeout 60 "$ncu" --clock-control none --csv --metrics $m -k regex:"copy_eps|stencil" -c 4 \
        "$top/bench/jacobi3d_cuda" 384 3 >"$logs/ncu-cuda.csv" 2>&1
    ncu_rows "$logs/ncu-cuda.csv"
fi
echo "== programs"
PYTHONUNBUFFERED=1 python3 "$here/gpu_run.py" --bundle "$top" >"$logs/programs.log" 2>&1 || status=1
grep -v "^  stderr" "$logs/programs.log" | cut -c1-300 | tail -40
exit $status
