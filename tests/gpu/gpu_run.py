#!/usr/bin/env python3
"""Runs C-DVMH programs on the GPUs of this machine against their
sequential output, through the e2e runner: one GPU with the host
(DVMH_NUM_CUDAS=1) and one GPU alone (DVMH_CPU_PERF=0: in regions the host
runs only what the GPU cannot), on 1 and 2 processes. Exit 77 (skipped)
when the CUDA driver cannot be loaded."""
import ctypes
import os
import subprocess
import sys


def main():
    try:
        ctypes.CDLL("libcuda.so.1")
    except OSError:
        print("SKIP: no GPU (libcuda.so.1 not loadable)")
        return 77
    runner, dvmcc, programs = sys.argv[1], sys.argv[2], sys.argv[3:]
    setups = [("host + GPU", {"DVMH_NUM_CUDAS": "1"}),
              ("GPU alone", {"DVMH_NUM_CUDAS": "1", "DVMH_CPU_PERF": "0"})]
    failed = []
    for p in programs:
        for name, settings in setups:
            print("== %s: %s" % (os.path.basename(p), name), flush=True)
            r = subprocess.run([sys.executable, runner, p, "--dvmcc", dvmcc, "--procs", "1,2",
                                "--threads", "1", "--emus", "0"], env=dict(os.environ, **settings))
            if r.returncode not in (0, 77):
                failed.append("%s (%s)" % (p, name))
    if failed:
        print("FAILED on the GPU: " + ", ".join(failed))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
