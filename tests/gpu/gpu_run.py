#!/usr/bin/env python3
"""Runs C-DVMH programs on the GPUs of this machine against their
sequential output, through the e2e runner: one GPU with the host
(DVMH_NUM_CUDAS=1) and one GPU alone (DVMH_CPU_PERF=0: in regions the host
runs only what the GPU cannot), on 1 and 2 processes. Exit 77 (skipped)
when the CUDA driver cannot be loaded.

    gpu_run.py RUNNER DVMCC PROGRAM...   builds each program here and runs it
    gpu_run.py --bundle DIR              runs the programs of a bundle that
                                         tests/gpu/bundle.py built elsewhere
                                         (a GPU machine without the compiler)"""
import concurrent.futures
import ctypes
import json
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "e2e"))
import run_e2e  # noqa: E402  (run, check)

SETUPS = [("host + GPU", {"DVMH_NUM_CUDAS": "1"}),
          ("GPU alone", {"DVMH_NUM_CUDAS": "1", "DVMH_CPU_PERF": "0"})]


def gpu_share(stats):
    """(iterations on GPUs, iterations on the host) from the 'total' part of
    a DVMH_STATS file; (0, 0) when there is none."""
    gpu = host = 0
    try:
        text = open(stats).read()
    except OSError:
        return 0, 0
    total = text.split("\ntotal\n", 1)[1] if "\ntotal\n" in text else ""
    for line in total.splitlines():
        f = line.split()
        if len(f) >= 3 and f[2] == "iterations":
            if f[0] == "host":
                host += int(f[1])
            elif f[0].startswith("cuda"):
                gpu += int(f[1])
        elif line and not line.startswith(" "):
            break
    return gpu, host


def run_bundle(top):
    """Each bundled program on 1 and 2 processes x 1 and 2 threads x both
    setups, checked as run_e2e checks; several at a time."""
    top = os.path.abspath(top)
    env = dict(os.environ, HYDRA_TOPO_DEBUG="0", UCX_MODULE_DIR=os.path.join(top, "ucx"),
               LD_LIBRARY_PATH=os.path.join(top, "lib") + ":" + os.environ.get("LD_LIBRARY_PATH", ""),
               PATH=os.path.join(top, "bin") + ":" + os.environ["PATH"])
    mpiexec = os.path.join(top, "bin", "mpiexec.hydra")
    jobs = []
    for name in sorted(os.listdir(os.path.join(top, "progs"))):
        d = os.path.join(top, "progs", name)
        with open(os.path.join(d, "meta.json")) as f:
            meta = json.load(f)
        for setup, settings in SETUPS:
            for procs in (1, 2):
                for threads in (1, 2):
                    jobs.append((name, d, meta, setup, settings, procs, threads))

    def one(job):
        name, d, meta, setup, settings, procs, threads = job
        cmd = [os.path.join(d, "dvmh")] + meta["args"]
        if procs > 1:
            cmd = [mpiexec, "-n", str(procs)] + cmd
        e = dict(env, DVMH_NUM_THREADS=str(threads), **settings)
        share = None
        with tempfile.TemporaryDirectory() as cwd:
            counted = setup == "GPU alone" and procs == 1 and threads == 1
            if counted:
                e["DVMH_STATS"] = os.path.join(cwd, "dvmh-stats")
            rc, out, err = run_e2e.run(cmd, e, os.path.join(d, "stdin") if meta["stdin"] else None,
                                       120, cwd)
            if counted:
                share = gpu_share(e["DVMH_STATS"])
        conf = "%s: %s, procs=%d threads=%d" % (name, setup, procs, threads)
        fails = meta["fails"] if procs >= meta["fails_from"] else None
        message = run_e2e.verdict(conf, rc, out, err, fails, meta["rc"], meta["out"], meta["tol"])
        return conf, share, 1 if message else 0, message + "\n" if message else ""

    failed = 0
    host_only = []
    gpu_its = host_its = 0
    with concurrent.futures.ThreadPoolExecutor(int(os.environ.get("GPU_RUN_JOBS", "6"))) as pool:
        for conf, share, bad, msg in pool.map(one, jobs):
            failed += bad
            if bad:
                print(msg, end="", flush=True)
            if share is not None:
                gpu_its += share[0]
                host_its += share[1]
                if share[0] == 0:
                    host_only.append(conf.split(":")[0])
    print("GPU alone, 1 process: %d iterations on the GPU, %d on the host; no GPU iteration in: %s"
          % (gpu_its, host_its, " ".join(host_only) or "none"))
    print("gpu-run: %d configurations of %d programs: %d passed, %d failed" % (
        len(jobs), len(jobs) // 8, len(jobs) - failed, failed))
    return 1 if failed else 0


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "--bundle":
        try:
            ctypes.CDLL("libcuda.so.1")
        except OSError:
            print("no GPU (libcuda.so.1 not loadable)")
            return 1
        return run_bundle(sys.argv[2])
    try:
        ctypes.CDLL("libcuda.so.1")
    except OSError:
        print("SKIP: no GPU (libcuda.so.1 not loadable)")
        return 77
    runner, dvmcc, programs = sys.argv[1], sys.argv[2], sys.argv[3:]
    setups = SETUPS
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
