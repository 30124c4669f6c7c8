#!/usr/bin/env python3
"""cuda_cache_test.py DVMCC SOURCE: the plugin's cache of device images.
nvcc is a script that counts the files it compiles and writes a stand-in
image (the plugin may start it before the file is rewritten, the file then
coming through a pipe; when the image is in the cache, the pipe closes
without the file's end mark and it refuses the file: no compile counted):
- with a cache, rebuilding an unchanged file runs no nvcc, and the object
  holds the image; a build with other host options (the object cache
  misses, the image cache hits) compiles nothing either; a change of
  nvcc's flags builds again;
- the default cache is $XDG_CACHE_HOME/cdvmh;
- CDVMH_CUDA_CACHE=off (or empty) runs nvcc on every build."""
import os
import subprocess
import sys
import tempfile

dvmcc, source = sys.argv[1], sys.argv[2]
work = tempfile.mkdtemp(prefix="cdvmh-cache-test.")
count_file = os.path.join(work, "runs")
nvcc = os.path.join(work, "nvcc")
with open(nvcc, "w") as f:
    f.write("""#!/bin/sh
out=""
for a in "$@"; do
    [ "$prev" = -o ] && out=$a
    prev=$a
done
pipe=$(sed -n 's|^#include "\\(/dev/fd/[0-9]*\\)"$|\\1|p' "$a")
if [ -n "$pipe" ]; then
    case "$(cat "$pipe")" in *DVMH_CUDA_FILE_END*) ;; *) exit 1 ;; esac
fi
echo run >> %s
printf 'CDVMH-TEST-IMAGE' > "$out"
""" % count_file)
os.chmod(nvcc, 0o755)


def runs():
    if not os.path.exists(count_file):
        return 0
    with open(count_file) as f:
        return len(f.readlines())


failed = 0


def build(env_extra, flags=()):
    env = {k: v for k, v in os.environ.items() if k not in ("CDVMH_CUDA_CACHE", "XDG_CACHE_HOME")}
    env.update(env_extra, CDVMH_NVCC=nvcc)
    obj = os.path.join(work, "out.o")
    r = subprocess.run([dvmcc, "-O1", "-c", source, "-o", obj] + list(flags), env=env,
                       capture_output=True, text=True)
    if r.returncode != 0:
        print("FAIL: dvmcc failed: %s" % r.stderr[-2000:])
        sys.exit(1)
    with open(obj, "rb") as f:
        return b"CDVMH-TEST-IMAGE" in f.read()


def expect(what, got, want):
    global failed
    ok = got == want
    failed += not ok
    print("%s %s: %r%s" % ("ok  " if ok else "FAIL", what, got, "" if ok else " (want %r)" % want))


cache = os.path.join(work, "cache")
expect("first build embeds the image", build({"CDVMH_CUDA_CACHE": cache}), True)
expect("nvcc runs on the first build", runs(), 1)
expect("rebuild embeds the image", build({"CDVMH_CUDA_CACHE": cache}), True)
expect("no nvcc on the rebuild", runs(), 1)
# another host option: the object cache misses, the image is the same
expect("other host options embed the image", build({"CDVMH_CUDA_CACHE": cache}, ["-O2"]), True)
expect("other host options: nvcc compiles nothing", runs(), 1)
expect("two objects cached", len(os.listdir(os.path.join(cache, "obj"))), 2)
build({"CDVMH_CUDA_CACHE": cache}, ["-DCACHE_TEST_VARIANT=1"])
expect("other flags: nvcc again", runs(), 2)
expect("cache holds two images", len([n for n in os.listdir(cache) if n.endswith(".fatbin")]), 2)
xdg = os.path.join(work, "xdg")
build({"XDG_CACHE_HOME": xdg})
build({"XDG_CACHE_HOME": xdg})
expect("default cache: nvcc once", runs(), 3)
expect("default cache is $XDG_CACHE_HOME/cdvmh",
       sorted(n if n == "obj" else n[-7:] for n in os.listdir(os.path.join(xdg, "cdvmh"))),
       [".fatbin", "obj", "trimmed"])
for off in ("off", ""):
    before = runs()
    expect("CDVMH_CUDA_CACHE=%r embeds the image" % off, build({"CDVMH_CUDA_CACHE": off}), True)
    build({"CDVMH_CUDA_CACHE": off})
    expect("CDVMH_CUDA_CACHE=%r: nvcc on every build" % off, runs() - before, 2)
subprocess.run(["rm", "-rf", work])
sys.exit(1 if failed else 0)
