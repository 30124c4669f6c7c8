#!/usr/bin/env python3
"""Compiles one C-DVMH program with dvmcc -c, so that the plugin runs nvcc
on its CUDA handlers and embeds the image; fails when nvcc rejects the
generated CUDA. Exit 77 (skipped) when there is no nvcc."""
import argparse
import os
import re
import subprocess
import sys
import tempfile


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("program")
    ap.add_argument("--dvmcc", required=True)
    ap.add_argument("--cdvmh", required=True)
    ap.add_argument("--nvcc", default="")
    opt = ap.parse_args()
    if not opt.nvcc or not os.access(opt.nvcc, os.X_OK):
        print("SKIP: nvcc not found: CUDA handlers are not built")
        return 77
    src = open(opt.program).read()
    if re.search(r"//\s*E2E:\s*expect-compile-error", src):
        print("SKIP: the program is meant to be rejected")
        return 77
    env = dict(os.environ, CDVMH_NVCC=opt.nvcc)
    with tempfile.TemporaryDirectory() as tmp:
        obj = os.path.join(tmp, "prog.o")
        c = subprocess.run([opt.dvmcc, "-O2", "-c", opt.program, "-o", obj],
                           capture_output=True, text=True, env=env)
        if c.returncode:
            print("dvmcc -c failed:\n" + c.stdout + c.stderr)
            return 1
        nm = subprocess.run(["nm", obj], capture_output=True, text=True)
        if "dvmh_cuda_image_" in nm.stdout:
            kernels = len(re.findall(r"_cuda\b", nm.stdout))
            print("OK: CUDA handlers embedded (%d launchers)" % kernels)
            return 0
        # no loop got a kernel: say why
        r = subprocess.run([opt.cdvmh, "--remarks", opt.program, "-o", os.devnull,
                            "--cuda-out", os.path.join(tmp, "prog.cu")],
                           capture_output=True, text=True)
        print("OK: no CUDA handlers in this program")
        print("\n".join(l for l in r.stderr.splitlines() if "CUDA" in l))
        return 0


if __name__ == "__main__":
    sys.exit(main())
