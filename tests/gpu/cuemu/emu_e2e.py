#!/usr/bin/env python3
"""Runs one C-DVMH program on emulated GPUs (the cuemu driver and nvcc-emu)
against its sequential output, through the e2e runner, in three setups:
  host + 1 GPU      DVMH_NUM_CUDAS=1, 1 and 2 processes
  1 GPU alone       the same with DVMH_CPU_PERF=0 (in regions the host
                    runs only what the GPU cannot)
  host + 2 GPUs     CUEMU_DEVICES=2 DVMH_NUM_CUDAS=2, 1 process
  1 GPU, lean       1 GPU alone, 1 process, transfers from pageable memory
                    (DVMH_PAGE_LOCK_HOST_MEM=0), kernels of 255 registers
                    (CUEMU_REGS=255: at most 256 threads per block) and one
                    multiprocessor (CUEMU_SMS=1: reduction grids of a few
                    blocks, so their kernels stride over the iterations),
                    blocks and threads run last first (CUEMU_ORDER=reverse:
                    threads that race show, where in the loop's order they
                    would give the sequential answer by chance), and
                    DVMH_CUDA_COARSEN=2 (every loop of three dimensions or
                    more with 8 iterations along z runs _kernel4, however
                    small)
In the setups of a GPU alone, gpu_ran.py then proves from the remarks, the
statistics and the emulator's launch log that every region loop given a
CUDA handler ran on the GPU, and that the host ran only the others.
A program is a .c file or a folder of them (see run_e2e.py).
Exit 77 (skipped) for programs meant to be rejected by dvmcc."""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

import gpu_ran

SETUPS = [
    ("host + 1 GPU", {"DVMH_NUM_CUDAS": "1"}, "1,2"),
    ("1 GPU alone", {"DVMH_NUM_CUDAS": "1", "DVMH_CPU_PERF": "0"}, "1,2"),
    ("host + 2 GPUs", {"DVMH_NUM_CUDAS": "2", "CUEMU_DEVICES": "2"}, "1"),
    ("1 GPU, lean", {"DVMH_NUM_CUDAS": "1", "DVMH_CPU_PERF": "0", "DVMH_PAGE_LOCK_HOST_MEM": "0",
                     "CUEMU_REGS": "255", "CUEMU_SMS": "1", "CUEMU_ORDER": "reverse",
                     "DVMH_CUDA_COARSEN": "2"}, "1"),
]


def run_gpu_alone(program, files, cmd, env):
    """The runner's comparison, then gpu_ran's proof that the GPU ran (for
    a program of several files, file by file)."""
    tmp = tempfile.mkdtemp(prefix="gpu-alone-")
    try:
        remarks, generated = os.path.join(tmp, "remarks"), os.path.join(tmp, "generated")
        stats, launches = os.path.join(tmp, "stats"), os.path.join(tmp, "launches")
        several = os.path.isdir(program)
        if several:
            os.mkdir(generated)     # the plugin writes one file per source there
        cmd = cmd + ["--build-log", remarks, "--dvmcc-arg=-Rpass=dvmh"] + \
            ["--dvmcc-arg=" + a for a in ("-Xclang", "-plugin-arg-cdvmh", "-Xclang",
                                          "keep=" + generated)]
        if subprocess.run(cmd, env=dict(env, DVMH_STATS=stats, CUEMU_LAUNCH_LOG=launches)).returncode:
            return False
        ok = True
        for f in files:
            name = os.path.basename(f)
            kept = os.path.join(generated, name) if several else generated
            bad, summary = gpu_ran.check(open(f).read(), open(remarks).read(), open(kept).read(),
                                         gpu_ran.stats_files(stats), launches,
                                         name if several else None)
            print("GPU alone%s: %s" % (" (%s)" % name if several else "", summary))
            for b in bad:
                print("FAIL " + b)
            ok = ok and not bad
        return ok
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("program")
    ap.add_argument("--runner", required=True)
    ap.add_argument("--dvmcc", required=True)
    ap.add_argument("--nvcc-emu", required=True)
    ap.add_argument("--driver-dir", required=True, help="the folder of cuemu's libcuda.so.1")
    ap.add_argument("--cache", required=True, help="CDVMH_CUDA_CACHE for nvcc-emu's images")
    opt = ap.parse_args()
    files = ([os.path.join(opt.program, f) for f in sorted(os.listdir(opt.program))
              if f.endswith(".c")] if os.path.isdir(opt.program) else [opt.program])
    text = "".join(open(f).read() for f in files)
    if re.search(r"//\s*E2E:\s*expect-compile-error", text):
        print("SKIP: the program is meant to be rejected")
        return 77
    expect_run_error = re.search(r"//\s*E2E:\s*expect-run-error", text) is not None
    base = dict(os.environ, CDVMH_NVCC=opt.nvcc_emu, CDVMH_CUDA_CACHE=opt.cache,
                LD_LIBRARY_PATH=os.pathsep.join(
                    p for p in [opt.driver_dir, os.environ.get("LD_LIBRARY_PATH")] if p))
    failed = []
    for name, env, procs in SETUPS:
        print("== %s (%s)" % (name, " ".join("%s=%s" % kv for kv in env.items())), flush=True)
        cmd = [sys.executable, opt.runner, opt.program, "--dvmcc", opt.dvmcc,
               "--procs", procs, "--threads", "1", "--emus", "0"]
        # a program meant to stop with a run-time error (the runner checks
        # the message) has no loops to prove on the GPU: whether statistics
        # were written before the stop is incidental
        if env.get("DVMH_CPU_PERF") == "0" and not expect_run_error:
            ok = run_gpu_alone(opt.program, files, cmd, dict(base, **env))
        else:
            ok = subprocess.run(cmd, env=dict(base, **env)).returncode == 0
        if not ok:
            failed.append(name)
    if failed:
        print("FAILED: " + ", ".join(failed))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
