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
echo "== programs"
PYTHONUNBUFFERED=1 python3 "$here/gpu_run.py" --bundle "$top" >"$logs/programs.log" 2>&1 || status=1
grep -v "^  stderr" "$logs/programs.log" | cut -c1-300 | tail -40
exit $status
