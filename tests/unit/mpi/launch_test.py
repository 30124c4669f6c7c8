#!/usr/bin/env python3
"""launch_test.py MPIEXEC EXE: a program started without a process manager
runs as one process and never calls MPI_Init (the single-process layer);
DVMH_MPI=1 starts MPI anyway; under mpiexec -n 2 both processes join MPI."""
import os
import subprocess
import sys

mpiexec, exe = sys.argv[1], sys.argv[2]
# the test must not inherit a launcher's variables
base = {k: v for k, v in os.environ.items()
        if not k.startswith(("PMI_", "PMIX_", "OMPI_", "HYDI_", "MPI_LOCAL", "SLURM_"))}
base["HYDRA_TOPO_DEBUG"] = "0"
cases = [
    ([exe], {}, ["rank=0 processes=1 mpi=0"]),
    ([exe], {"DVMH_MPI": "1"}, ["rank=0 processes=1 mpi=1"]),
    ([mpiexec, "-n", "2", exe], {}, ["rank=0 processes=2 mpi=1", "rank=1 processes=2 mpi=1"]),
    ([mpiexec, "-n", "1", exe], {}, ["rank=0 processes=1 mpi=1"]),
]
failed = 0
for cmd, extra, want in cases:
    r = subprocess.run(cmd, env=dict(base, **extra), capture_output=True, text=True, timeout=60)
    got = sorted(r.stdout.split("\n")[:-1])
    if r.returncode != 0 or got != want:
        failed += 1
        print("FAIL %s %s: rc=%d out=%r err=%r (want %r)"
              % (extra, " ".join(cmd[:-1]), r.returncode, got, r.stderr[-500:], want))
    else:
        print("ok   %s %s" % (extra, " ".join(cmd[:-1]) or "(no launcher)"))
sys.exit(1 if failed else 0)
