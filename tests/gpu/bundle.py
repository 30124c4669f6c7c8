#!/usr/bin/env python3
"""Builds, on a machine without a GPU, everything a GPU machine needs to run
the GPU tests and the GPU benchmark rows without a compiler there: each
program's DVMH binary (host and CUDA handlers), its expected output (the
plain C build run here), the shared libraries the binaries and mpiexec load
(glibc excepted), the runtime's backend test and the Jacobi-3D benchmark
(hand-written CUDA and the DVMH build, float and double).

    tests/gpu/bundle.py OUT.tar.xz --build build [PROGRAM ...]

Without PROGRAMs, the programs of the gpu-run test (meson introspect).
On the GPU machine: tar xf OUT.tar.xz; tests/gpu/gpu_run.py --bundle DIR
runs the programs; bench/gpu_rows.sh DIR/bench prints the benchmark rows."""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "tests", "e2e"))
import run_e2e  # noqa: E402  (sources, markers, run)

GLIBC = ("libc.so", "libm.so", "libpthread.so", "libdl.so", "librt.so", "ld-linux",
         "libresolv.so", "linux-vdso")


def gpu_run_programs(build):
    tests = json.loads(subprocess.check_output(["meson", "introspect", build, "--tests"]))
    cmd = next(t["cmd"] for t in tests if t["name"] == "gpu-run")
    return cmd[4:]


def shared_libs(binaries):
    """The non-glibc libraries the binaries load, by path."""
    found = {}
    for b in binaries:
        for line in subprocess.check_output(["ldd", b], text=True).splitlines():
            parts = line.split()
            if "=>" in parts and len(parts) >= 3 and parts[2].startswith("/"):
                name = parts[0]
                if not any(name.startswith(g) for g in GLIBC):
                    found[name] = parts[2]
    return found


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out", help="the bundle to write (.tar.xz)")
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--cc", default="clang-19")
    ap.add_argument("--nvcc", default=shutil.which("nvcc") or "/usr/local/cuda/bin/nvcc")
    ap.add_argument("--bench-size", default="384 20", help="L and ITMAX of the Jacobi-3D rows")
    ap.add_argument("programs", nargs="*")
    opt = ap.parse_intermixed_args()
    build = os.path.abspath(opt.build)
    dvmcc = os.path.join(build, "tools", "dvmcc")
    programs = opt.programs or gpu_run_programs(build)
    env = dict(os.environ)
    env.setdefault("CDVMH_CUDA_CACHE", os.path.join(build, "cuda-cache"))
    work = tempfile.mkdtemp(prefix="gpu-bundle-")
    top = os.path.join(work, "gpu-bundle")
    try:
        for d in ("progs", "lib", "bin", "bench", "ucx"):
            os.makedirs(os.path.join(top, d))
        binaries = []
        for p in programs:
            p = os.path.normpath(p)
            name = os.path.splitext(os.path.basename(p))[0]
            srcs = run_e2e.sources(p)
            tol, args, stdin_path, reject, fails, flags, fails_from = run_e2e.markers(p)
            if reject is not None:
                continue
            dest = os.path.join(top, "progs", name)
            os.makedirs(dest)
            plain = os.path.join(work, "plain")
            subprocess.run([opt.cc, "-O2", "-Wno-unknown-pragmas", *srcs, "-o", plain, "-lm"],
                           check=True)
            c = subprocess.run([dvmcc, "-O2"] + flags + [*srcs, "-o", os.path.join(dest, "dvmh"),
                                                         "-lm"],
                               capture_output=True, text=True, env=env)
            if c.returncode or "warning" in c.stderr:
                print("%s: dvmcc: %s" % (name, c.stderr.strip() or "failed"))
                if c.returncode:
                    return 1
            rundir = tempfile.mkdtemp(dir=work)
            exp_rc, exp_out, _ = run_e2e.run([plain] + args, env, stdin_path, 60, rundir)
            if stdin_path:
                shutil.copy(stdin_path, os.path.join(dest, "stdin"))
            with open(os.path.join(dest, "meta.json"), "w") as f:
                json.dump({"args": args, "tol": tol, "fails": fails, "fails_from": fails_from,
                           "stdin": bool(stdin_path), "rc": exp_rc, "out": exp_out}, f)
            binaries.append(os.path.join(dest, "dvmh"))
            print("bundled %s" % name, flush=True)
        # the runtime alone on the driver, and the benchmark
        backend = os.path.join(build, "tests", "gpu", "gpu_backend_test")
        shutil.copy(backend, os.path.join(top, "bin"))
        bench = os.path.join(ROOT, "bench")
        L, IT = opt.bench_size.split()
        subprocess.run([opt.nvcc, "-O3", "-arch=sm_90", os.path.join(bench, "jacobi3d_cuda.cu"),
                        "-o", os.path.join(top, "bench", "jacobi3d_cuda")], check=True)
        for real in ("float", "double"):
            out = os.path.join(top, "bench", "jacobi3d_gpu_" + real)
            subprocess.run([dvmcc, "-O2", "-DL=" + L, "-DITMAX=" + IT, "-DREAL=" + real,
                            os.path.join(bench, "jacobi3d_dvmh.c"), "-o", out], check=True, env=env)
            binaries.append(out)
        with open(os.path.join(top, "bench", "size"), "w") as f:
            f.write(opt.bench_size + "\n")
        # mpiexec and what everything loads
        for tool in ("mpiexec.hydra", "hydra_pmi_proxy"):
            path = shutil.which(tool)
            shutil.copy(path, os.path.join(top, "bin"))
            binaries.append(path)
        for name, path in shared_libs(binaries + [backend]).items():
            shutil.copy(path, os.path.join(top, "lib", name))
        ucx = "/usr/lib/x86_64-linux-gnu/ucx"
        for f in os.listdir(ucx) if os.path.isdir(ucx) else []:
            if f.startswith("libuct_cma.so"):
                shutil.copy(os.path.join(ucx, f), os.path.join(top, "ucx"))
        subprocess.run(["tar", "-C", work, "-cf", os.path.abspath(opt.out), "-I", "xz -9 -T0",
                        "gpu-bundle"], check=True)
        print("wrote %s (%d programs, %.1f MB)" % (opt.out, len(os.listdir(os.path.join(top, "progs"))),
                                                  os.path.getsize(opt.out) / 1e6))
        return 0
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
