#!/usr/bin/env python3
"""Compiles one C-DVMH program with dvmcc -c, so that the plugin runs nvcc
on its CUDA handlers and embeds the image; fails when nvcc rejects the
generated CUDA (the plugin's warning: dvmcc goes on without the handlers),
and when the object lacks what the remarks (-Rpass=dvmh)
promise (a program of several files: each file alike):
  - every parallel loop has a remark: a CUDA handler, or why it has none;
  - each loop with a CUDA handler has its launcher in the object and its
    kernel in the embedded image.
So a program whose region loops yield no kernels passes only when the
remarks say why for each. For relocatable device code (functions of other
files), nvlink then links each image with those giving what it needs, as
the runtime's cuLink* would, and must fail on an image that needs others
alone (unresolved functions). Exit 77 (skipped) when there is no nvcc."""
import argparse
import codecs
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "cuemu"))
import gpu_ran  # noqa: E402  (the remarks and the generated C, read alike)

IMAGE = re.compile(r"static const unsigned char dvmh_cuda_image_\w+\[\][^=]*=\s*((?:\"[^\"]*\"\s*)+);")
RELOCATABLE = re.compile(r'static dvmh_cuda_module dvmh_cuda_module_\w+ = \{[^;]*?, \.relocatable = 1, '
                         r'\.needs = "([^"]*)", \.gives = "([^"]*)"\};')
# an object's image is read by the assembler from a file (the CUDA cache)
INCBIN = re.compile(r'\.incbin \\"((?:[^"\\]|\\\\.)*)\\"')
LOOP = re.compile(r"\bdvmh_loop_create\s*\(\s*__FILE__\s*,\s*(\d+)")


def section_of(obj):
    """The bytes of obj's .rodata.dvmh_cuda section (where the plugin puts
    an object's image after optimization), or None."""
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "image")
        r = subprocess.run(["objcopy", "-O", "binary", "--only-section=.rodata.dvmh_cuda", obj, out],
                           capture_output=True)
        if r.returncode or not os.path.exists(out) or os.path.getsize(out) == 0:
            return None
        with open(out, "rb") as f:
            return f.read()


def image_of(kept, obj=None):
    """The device image the plugin embedded in the generated C or in the
    object obj, or None."""
    m = IMAGE.search(kept)
    if not m:
        inc = INCBIN.search(kept)
        if not inc:
            return section_of(obj) if obj else None
        path = codecs.escape_decode(inc.group(1).encode())[0].decode()
        with open(path, "rb") as f:
            return f.read()
    text = "".join(re.findall(r"\"([^\"]*)\"", m.group(1)))
    return codecs.escape_decode(text.encode("ascii"))[0]


def check(remarks_text, kept, symbols, kernels, obj=None):
    """(failures, summary) of one object. kernels: where the kernels of a
    relocatable image go, to be looked for in its linked image (nvlink's
    output: the image itself is compressed)."""
    rem = gpu_ran.remarks(remarks_text)
    in_region, targets = gpu_ran.regions(kept)
    loops = sorted({int(l) for l in LOOP.findall(kept)})
    image = image_of(kept, obj)
    relocatable = RELOCATABLE.search(kept) is not None
    bad = []
    for line in loops:
        r = rem.get(line)
        where = "in a region" if line in in_region else "outside regions"
        if r is None:
            bad.append("loop at line %d (%s) has no CUDA handler and no remark saying why" %
                       (line, where))
        elif r[0] == "both":
            bad.append("loop at line %d has both a CUDA handler and a remark that it has none" % line)
        elif r[0] == "cuda":
            if not re.search(r"\b%s_cuda\b" % r[1], symbols):
                bad.append("loop at line %d: the remarks name CUDA handler %s_cuda, which the "
                           "object lacks" % (line, r[1]))
            if relocatable:
                kernels.append(r[1] + "_kernel")
            elif image is None or (r[1] + "_kernel").encode() not in image:
                bad.append("loop at line %d: kernel %s_kernel is not in the device image%s" %
                           (line, r[1], "" if image is not None else " (none was embedded)"))
    with_cuda = [l for l in loops if rem.get(l, ("",))[0] == "cuda"]
    why = ["line %d: %s" % (l, rem[l][1]) for l in loops if rem.get(l, ("",))[0] == "host"]
    region_loops = [l for l in loops if l in in_region and gpu_ran.uses_cuda(targets[in_region[l]])]
    summary = "%d parallel loop(s), %d in regions; %d with kernels in a %s image" % (
        len(loops), len(region_loops), len(with_cuda),
        "%d-byte" % len(image) if image is not None else "missing")
    if why:
        summary += "; no CUDA handler: " + "; ".join(why)
    return bad, summary


def link_set(name, images):
    """The images name's device link takes (itself and, transitively, those
    giving what they need), or None when something needed is given by none."""
    out, k = [name], 0
    while k < len(out):
        for need in images[out[k]][1].split():
            giver = [n for n, (_, _, gives, _) in images.items() if need in gives.split()]
            if not giver:
                return None
            if giver[0] not in out:
                out.append(giver[0])
        k += 1
    return out


def device_link(nvlink, images, tmp):
    """Failures of the device link of the relocatable images {name: (image,
    needs, gives, kernels)}, with nvlink: each one linkable links, its
    kernels are in the result, and one with kernels that needs functions
    of other files does not link alone."""
    bad = []
    paths = {}
    for n, (img, _, _, _) in images.items():
        paths[n] = os.path.join(tmp, n + ".fatbin")
        open(paths[n], "wb").write(img)
    link = lambda names: subprocess.run([nvlink, "-arch=sm_90", "-o", os.path.join(tmp, "l.cubin")] +
                                        [paths[n] for n in names], capture_output=True, text=True)
    cubin = os.path.join(tmp, "l.cubin")
    for n, (_, needs, _, kernels) in sorted(images.items()):
        names = link_set(n, images)
        if names is None:
            print("%s: device code not linkable (no file gives device versions of all of '%s'): "
                  "its loops run on the host" % (n, needs.strip()))
            continue
        r = link(names)
        linked = open(cubin, "rb").read() if not r.returncode else b""
        missing = [k for k in kernels if k.encode() not in linked]
        if r.returncode:
            bad.append("nvlink of %s failed:\n%s" % (" ".join(names), r.stdout + r.stderr))
        elif missing:
            bad.append("%s: kernels %s are not in the linked image" % (n, ", ".join(missing)))
        elif needs.strip() and kernels and not link([n]).returncode:
            bad.append("%s needs '%s' of other files, yet links alone" % (n, needs.strip()))
        else:
            print("%s: device-linked with nvlink: %s" % (n, " ".join(names)))
    return bad


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("program")
    ap.add_argument("--dvmcc", required=True)
    ap.add_argument("--nvcc", default="")
    opt = ap.parse_args()
    if not opt.nvcc or not os.access(opt.nvcc, os.X_OK):
        print("SKIP: nvcc not found: CUDA handlers are not built")
        return 77
    several = os.path.isdir(opt.program)
    files = ([os.path.join(opt.program, f) for f in sorted(os.listdir(opt.program))
              if f.endswith(".c")] if several else [opt.program])
    src = "".join(open(f).read() for f in files)
    if re.search(r"//\s*E2E:\s*expect-compile-error", src):
        print("SKIP: the program is meant to be rejected")
        return 77
    env = dict(os.environ, CDVMH_NVCC=opt.nvcc)
    failed = False
    relocatable = {}
    with tempfile.TemporaryDirectory() as tmp:
        # a program of several files: each one compiled as dvmcc -c does it
        for f in files:
            obj, kept = os.path.join(tmp, "prog.o"), os.path.join(tmp, "prog.kept")
            c = subprocess.run([opt.dvmcc, "-O2", "-c", "-Rpass=dvmh", "-Xclang", "-plugin-arg-cdvmh",
                                "-Xclang", "keep=" + kept, f, "-o", obj],
                               capture_output=True, text=True, env=env)
            if c.returncode:
                print("dvmcc -c %s failed:\n" % f + c.stdout + c.stderr)
                return 1
            # the build goes on without the handlers (a warning): here a fault
            if "nvcc failed on the CUDA handlers" in c.stderr:
                print("nvcc rejected the CUDA handlers of %s:\n" % f + c.stderr)
                return 1
            nm = subprocess.run(["nm", obj], capture_output=True, text=True)
            text = open(kept).read()
            kernels = []
            bad, summary = check(c.stderr, text, nm.stdout, kernels, obj)
            m = RELOCATABLE.search(text)
            if m:
                relocatable[os.path.basename(f)] = (image_of(text), m.group(1), m.group(2), kernels)
            print((os.path.basename(f) + ": " if several else "") + summary)
            for b in bad:
                print("FAIL " + b)
            failed = failed or bool(bad)
        nvlink = os.path.join(os.path.dirname(opt.nvcc), "nvlink")
        if relocatable and os.access(nvlink, os.X_OK):
            bad = device_link(nvlink, relocatable, tmp)
            for b in bad:
                print("FAIL " + b)
            failed = failed or bool(bad)
        elif relocatable:
            print("no nvlink next to nvcc: the device link is not checked")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
