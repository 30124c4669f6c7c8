#!/usr/bin/env python3
"""The GPU path's mutation check (not part of the suite): each mutation is
a one-line change to the compiler or the runtime that breaks the GPU path;
it is applied to the working tree, the build is brought up to date, the
suites run, and the tests that failed are the ones that caught it. The file
is restored after each (and on any exit), then the build again.

    tests/gpu/mutate.py [-C BUILD] [--suite SUITE]... [--test TEST]... [--list] [NAME...]

Refuses to touch a file with uncommitted changes. Prints one line per
mutation: its name, how many tests ran and failed, and which. A mutation
whose line is gone (the code moved) is reported as such: update its entry
below. Takes a few minutes per mutation (every program's CUDA is
recompiled when the generated CUDA changes)."""
import argparse
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# name, file, the line's text (a unique substring), its replacement, what it
# breaks, the suites that must catch it (unless --suite says otherwise)
MUTATIONS = [
    ("register-generated", "rewriter/loop.c",
     r'"        dvmh_loop_handler(dvmh_L, DVMH_DEV_CUDA, %s);\n#endif\n",',
     r'"        (void)%s;\n#endif\n",',
     "the generated code never registers its CUDA handlers", "gpu-emu"),
    ("device-link-skipped", "lib/gpu/link.c",
     "    bool link = m->relocatable != 0;",
     "    bool link = false;",
     "relocatable device code is loaded without the device link", "gpu-emu"),
    ("rdc-flag", "plugin/plugin.cpp",
     '            args.push_back("-rdc=true");',
     "            (void)0;",
     "CUDA that calls or defines functions of other files is not compiled as relocatable", "gpu-emu"),
    ("register-runtime", "lib/loop.c",
     "        l->cuda_handler = fn;",
     "        (void)fn;",
     "the runtime drops the CUDA handlers it is given", "gpu-emu"),
    ("wavefront-last-step", "rewriter/cuda_launch.c",
     r'"        for (dvmh_t = 0; dvmh_t <= dvmh_last; dvmh_t++) {\n"',
     r'"        for (dvmh_t = 0; dvmh_t < dvmh_last; dvmh_t++) {\n"',
     "the wavefront launcher skips the last hyperplane", "gpu-emu"),
    ("kernel-x-bound", "rewriter/cuda_kernel.c",
     "threadIdx.x; dvmh_x < dvmh_nx;",
     "threadIdx.x; dvmh_x + 1 < dvmh_nx;",
     "the kernels' bound check along x is off by one (the last x never runs)", "gpu-emu"),
    ("covered-bound", "lib/include/dvmh_cuda.h",
     "if ((dvmh_idx)grid[d] * block[d] >= count[d])",
     "if ((dvmh_idx)grid[d] * block[d] + (dvmh_idx)block[d] > count[d])",
     "the one-iteration-per-thread kernel is chosen with one block too few", "gpu-emu"),
    ("grid-reduce-last-block", "rewriter/cuda_file.c",
     "for (unsigned dvmh_p = threadIdx.x; dvmh_p < dvmh_nparts; dvmh_p += blockDim.x)",
     "for (unsigned dvmh_p = threadIdx.x; dvmh_p + 1 < dvmh_nparts; dvmh_p += blockDim.x)",
     "the final reduction kernel leaves out the last block's result", "gpu-emu"),
    ("wavefront-reduce-steps", "rewriter/cuda_file.c",
     r'"            dvmh_combine<dvmh_OP, dvmh_T, dvmh_N, dvmh_Loc, dvmh_M>(dvmh_res, dvmh_resl, dvmh_part, dvmh_partl);\n"',
     r'"            dvmh_res[0] = dvmh_part[0];\n"',
     "a wavefront's reduction keeps only the last step's result", "gpu-emu"),
    ("atomic-negative-order", "rewriter/cuda_file.c",
     r'"            if constexpr (dvmh_OP == DVMH_RED_MAX) atomicMin((dvmh_U *)dvmh_a, (dvmh_U)dvmh_b);\n"',
     r'"            if constexpr (dvmh_OP == DVMH_RED_MAX) atomicMax((dvmh_U *)dvmh_a, (dvmh_U)dvmh_b);\n"',
     "an atomic max keeps the wrong one of two negative floating values", "gpu-emu"),
    ("atomic-no-identity", "rewriter/cuda_kernel.c",
     r'"        dvmh_res[dvmh_k] = dvmh_init.dvmh_v[dvmh_k];\n}\n\n",',
     r'"        (void)dvmh_init;\n}\n\n",',
     "an atomic reduction's result starts from whatever its memory held", "gpu-emu"),
    ("red-result-runtime", "lib/loop_reduce.c",
     "        memcpy(e->slot, e->var, r->var_bytes);",
     "        (void)e->var;",
     "the runtime drops a GPU piece's reduction result", "gpu-emu"),
    ("plugin-no-cuda", "plugin/plugin.cpp",
     "nvcc.empty() ? 0 : 1, remarks ? 1 : 0};",
     "0, remarks ? 1 : 0};",
     "the plugin stops generating CUDA handlers (and their remarks)", "cuda"),
    ("plugin-no-image", "plugin/plugin.cpp",
     "        if (out.cuda) {",
     "        if (false) {",
     "the plugin generates CUDA handlers but never builds or embeds them", "cuda"),
]


def sh(cmd, **kw):
    return subprocess.run(cmd, cwd=ROOT, **kw)


def failed_tests(build):
    """(tests run, names of those that failed) from meson's JSON log."""
    ran, bad = 0, []
    with open(os.path.join(build, "meson-logs", "testlog.json")) as log:
        for line in log:
            t = json.loads(line)
            ran += 1
            if t["result"] in ("FAIL", "TIMEOUT", "ERROR"):
                bad.append(t["name"].split(" / ")[-1])
    return ran, sorted(bad)


def run_one(m, opt):
    name, path, old, new, what, suite = m
    full = os.path.join(ROOT, path)
    text = open(full).read()
    if text.count(old) != 1:
        return "%-24s not applied: its line is %s in %s (update tests/gpu/mutate.py)" % (
            name, "gone" if old not in text else "not unique", path)
    if sh(["git", "diff", "--quiet", "HEAD", "--", path]).returncode:
        return "%-24s not applied: %s has uncommitted changes" % (name, path)
    try:
        with open(full, "w") as f:
            f.write(text.replace(old, new))
        if sh(["ninja", "-C", opt.build], stdout=subprocess.DEVNULL).returncode:
            return "%-24s does not build" % name
        cmd = ["meson", "test", "-C", opt.build, "--no-rebuild", "--num-processes", opt.jobs]
        if opt.test:
            cmd += opt.test
        else:
            for s in opt.suite or [suite]:
                cmd += ["--suite", s]
        sh(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        ran, bad = failed_tests(opt.build)
        return "%-24s %s: caught by %d of %d: %s" % (name, what, len(bad), ran,
                                                     " ".join(bad) or "NONE")
    finally:
        with open(full, "w") as f:
            f.write(text)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("-C", dest="build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--suite", action="append",
                    help="suites to run (default: the mutation's, gpu-emu or cuda)")
    ap.add_argument("--test", action="append",
                    help="run only these tests (repeat), instead of whole suites")
    ap.add_argument("--jobs", default="2")
    ap.add_argument("--list", action="store_true")
    ap.add_argument("names", nargs="*")
    opt = ap.parse_args()
    chosen = [m for m in MUTATIONS if not opt.names or m[0] in opt.names]
    if opt.list or not chosen:
        for m in MUTATIONS:
            print("%-24s %s (%s): %s" % (m[0], m[1], m[5], m[4]))
        return 0 if chosen else 1
    try:
        for m in chosen:
            print(run_one(m, opt), flush=True)
    finally:
        sh(["ninja", "-C", opt.build], stdout=subprocess.DEVNULL)
    return 0


if __name__ == "__main__":
    sys.exit(main())
