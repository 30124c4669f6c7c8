#!/usr/bin/env python3
"""sched_test.py: the scheduling modes end to end on converge.c (host and
emulated accelerators, one process).

- convergence: host + 2 emulated devices, the second 4 times slower
  (DVMH_EMU_SLOWDOWN=1,4), starting from equal weights; after 20 region
  entries the split that DVMH_STATS reports for the heavy sweep must be
  near the speed ratio 4:4:1 (host and emu0 each 44% +- 20 points, emu1
  11% +- 10 points and under half of each other's; equal weights would
  give 33% each), in simple-dynamic and dynamic mode; the region's two
  loops must end with the same split. The machine's other
  work disturbs the times, so a mode gets three runs before it fails.
- single: each loop runs whole on the fastest device (by weights).
- scheme: a dynamic run writes DVMH_SCHED_FILE; a scheme run reads it and
  its splits are the file's; a file from another program (other sizes:
  other variants) warns once and falls back to static; a damaged file
  stops the program naming the file and line.
Every run's output must equal the static run's."""
import argparse
import os
import re
import subprocess
import sys
import tempfile

failures = 0


def fail(what):
    global failures
    failures += 1
    print("FAIL " + what)


def run(exe, args, settings, stats=None):
    env = {k: v for k, v in os.environ.items() if not k.startswith("DVMH_")}
    env.update({"DVMH_NUM_THREADS": "1"}, **settings)
    if stats:
        env["DVMH_STATS"] = stats
    r = subprocess.run([exe] + args, env=env, capture_output=True, text=True, timeout=300)
    text = open(stats).read() if stats and os.path.exists(stats) else ""
    return r, text


def splits(stats_text, line):
    """The 'split now' of the loop at converge.c:line: {device: fraction}."""
    m = re.search(r"^loop \S*converge\.c:%d,.*?^ *split now \(run \d+\) +((?:\S+ +[\d.]+%% *)+)"
                  % line, stats_text, re.M | re.S)
    if not m:
        return None
    return {d: float(p) / 100 for d, p in re.findall(r"(\S+) +([\d.]+)%", m.group(1))}


def near(split, target, tol):
    """Each device's share within tol of the target, and the slow device's
    under half of each other's."""
    return split is not None and all(abs(split.get(d, 0) - t) <= tol[d]
                                     for d, t in target.items()) and \
        2 * split.get("emu1", 0) < min(split.get("host", 0), split.get("emu0", 0))


SWEEPS = ()         # the two loops of the time steps (their 'for' lines)
HEAVY = 0           # the one with enough work per piece to time it well


def loop_lines(source):
    """The statistics name a loop by its 'for' line, after its pragma."""
    global SWEEPS, HEAVY
    lines = open(source).read().split("\n")
    pragmas = [k for k, l in enumerate(lines) if "pragma dvm parallel" in l]
    SWEEPS = (pragmas[1] + 2, pragmas[2] + 2)
    HEAVY = SWEEPS[0]


def convergence(exe, work, mode, expected):
    target = {"host": 4 / 9, "emu0": 4 / 9, "emu1": 1 / 9}
    tol = {"host": 0.2, "emu0": 0.2, "emu1": 0.1}
    settings = {"DVMH_NUM_EMUS": "2", "DVMH_EMU_SLOWDOWN": "1,4", "DVMH_CPU_PERF": "1",
                "DVMH_EMUS_PERF": "1", "DVMH_SCHED_TECH": mode,
                "DVMH_SCHED_FILE": os.path.join(work, "conv.scheme")}
    got = None
    for attempt in range(3):
        stats = os.path.join(work, "conv-%s-%d.txt" % (mode, attempt))
        r, text = run(exe, ["1000", "20", "60"], settings, stats)
        if r.returncode != 0 or r.stdout != expected:
            fail("%s: exit %d, output %r, stderr %s" % (mode, r.returncode, r.stdout, r.stderr))
            return
        got = splits(text, HEAVY)
        other = splits(text, SWEEPS[1])
        if got != other:
            # the sweeps of one region share their split: rows do not move
            # between the devices from loop to loop
            fail("%s: the region's loops end with different splits: %s, %s"
                 % (mode, got, other))
            return
        if near(got, target, tol):
            print("convergence %s: %s" % (mode, got))
            return
        print("convergence %s attempt %d: %s" % (mode, attempt + 1, got))
    fail("%s: the split did not approach 4:4:1 in 20 entries: %s" % (mode, got))


def single(exe, work, expected):
    stats = os.path.join(work, "single.txt")
    r, text = run(exe, ["200", "3"], {"DVMH_NUM_EMUS": "2", "DVMH_EMUS_PERF": "1,2",
                                      "DVMH_SCHED_TECH": "single"}, stats)
    got = [splits(text, line) for line in SWEEPS]
    if r.returncode != 0 or r.stdout != expected or got != [{"emu1": 1.0}] * 2:
        fail("single: exit %d, output %r, splits %s" % (r.returncode, r.stdout, got))
    else:
        print("single: %s" % got)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--dvmcc", required=True)
    ap.add_argument("--source", required=True)
    ap.add_argument("--modes", default="simple-dynamic,dynamic")
    opt = ap.parse_args()
    loop_lines(os.path.join(opt.source, "converge.c"))
    with tempfile.TemporaryDirectory(prefix="sched-") as work:
        exe = os.path.join(work, "converge")
        c = subprocess.run([opt.dvmcc, "-O2", os.path.join(opt.source, "converge.c"), "-o", exe],
                           capture_output=True, text=True)
        if c.returncode:
            print("dvmcc failed:\n" + c.stdout + c.stderr)
            return 1
        r, _ = run(exe, ["1000", "20", "60"], {"DVMH_SCHED_TECH": "static"})
        big = r.stdout
        r, _ = run(exe, ["200", "3"], {"DVMH_SCHED_TECH": "static"})
        small = r.stdout
        for mode in opt.modes.split(","):
            convergence(exe, work, mode, big)
        single(exe, work, small)
        if "dynamic" in opt.modes.split(","):
            schemes(exe, work, small)
    print("%d failure%s" % (failures, "" if failures == 1 else "s"))
    return 1 if failures else 0


def schemes(exe, work, expected):
    path = os.path.join(work, "s.scheme")
    base = {"DVMH_NUM_EMUS": "2", "DVMH_SCHED_FILE": path}
    r, dyn = run(exe, ["200", "3"], dict(base, DVMH_SCHED_TECH="dynamic"),
                 os.path.join(work, "dyn.txt"))
    if r.returncode != 0 or r.stdout != expected or not os.path.exists(path):
        fail("dynamic writing %s: exit %d, stderr %s" % (path, r.returncode, r.stderr))
        return
    text = open(path).read()
    # the round trip: the scheme run's splits are the file's
    r, st = run(exe, ["200", "3"], dict(base, DVMH_SCHED_TECH="scheme"),
                os.path.join(work, "scheme.txt"))
    for line in SWEEPS:
        m = re.search(r"^\s*loop \S*converge\.c:%d((?: [\d.e+-]+)+)" % line, text, re.M)
        got = splits(st, line)
        want = [float(x) for x in m.group(1).split()] if m else None
        have = [got.get(d, 0) if got else -1 for d in ("host", "emu0", "emu1")]
        if r.returncode != 0 or r.stdout != expected or want is None or \
                any(abs(a - b) > 0.002 for a, b in zip(want, have)) or "(scheme)" not in st:
            fail("scheme round trip, loop %d: file %s, run %s, exit %d, stderr %s" % (
                line, want, have, r.returncode, r.stderr))
    # stale: other sizes, other variants
    r, st = run(exe, ["150", "3"], dict(base, DVMH_SCHED_TECH="scheme"),
                os.path.join(work, "stale.txt"))
    r2, _ = run(exe, ["150", "3"], {"DVMH_SCHED_TECH": "static"})
    if r.returncode != 0 or r.stdout != r2.stdout or r.stderr.count("warning") != 1 or \
            "(static)" not in st:
        fail("stale scheme: exit %d, stderr %r" % (r.returncode, r.stderr))
    # damaged: a split line that is not numbers
    lines = text.split("\n")
    bad = next(k for k, l in enumerate(lines) if l.strip().startswith("split"))
    lines[bad] = "  split 0.5 zero 0.5"
    damaged = os.path.join(work, "damaged.scheme")
    open(damaged, "w").write("\n".join(lines))
    r, _ = run(exe, ["200", "3"], dict(base, DVMH_SCHED_TECH="scheme", DVMH_SCHED_FILE=damaged))
    if r.returncode == 0 or "%s:%d" % (damaged, bad + 1) not in r.stderr:
        fail("damaged scheme: exit %d, stderr %r (expected %s:%d)" % (
            r.returncode, r.stderr, damaged, bad + 1))
    print("scheme round trip, stale and damaged files: checked")


if __name__ == "__main__":
    sys.exit(main())
