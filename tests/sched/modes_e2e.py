#!/usr/bin/env python3
"""modes_e2e.py: e2e programs under one scheduling mode (DVMH_SCHED_TECH)
on a reduced matrix: run_e2e.py --sched MODE for each program given.
Usage: modes_e2e.py --mode MODE --dvmcc DVMCC [--procs P] PROGRAM..."""
import argparse
import os
import subprocess
import sys


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--mode", required=True)
    ap.add_argument("--dvmcc", required=True)
    ap.add_argument("--procs", default="1,2")
    ap.add_argument("programs", nargs="+")
    opt = ap.parse_args()
    runner = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "e2e", "run_e2e.py")
    failed = []
    for program in opt.programs:
        r = subprocess.run([sys.executable, runner, program, "--dvmcc", opt.dvmcc,
                            "--procs", opt.procs, "--threads", "1", "--emus", "0,2",
                            "--sched", opt.mode], capture_output=True, text=True)
        print(r.stdout.strip())
        if r.returncode:
            failed.append(os.path.basename(program))
    print("%s: %d of %d programs passed%s" % (opt.mode, len(opt.programs) - len(failed),
                                            len(opt.programs),
                                            ": failed " + " ".join(failed) if failed else ""))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
