#!/usr/bin/env python3
"""trace_test.py: DVMH_TRACE end to end. Each program is built with dvmcc
and run on host + 1 emulated accelerator (one process) and on 2 processes
with DVMH_TRACE and DVMH_STATS; the trace must be valid JSON with named
tracks, pieces, transfers, exchanges and properly nested spans; its bytes
per process, reason and direction must equal the runtime's counters (the
DVMH_STATS totals); the output must be the untraced one; dvmh-report's
characteristics must add up to execution time x processes (5%), and the
wgtblock-imbalanced program must show its load imbalance."""

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections import defaultdict

# DVMH_STATS's names of reasons and directions, in the trace's words
STATS_REASONS = {"region/loop data": "region", "get_actual": "get_actual",
                 "shadow_renew": "shadow_renew", "across": "across", "reduction": "reduction",
                 "remote_access": "remote_access", "redistribute": "redistribute"}
STATS_DIRECTIONS = {"host->device": "host->device", "device->host": "device->host",
                    "device->device": "device->device", "to processes": "processes"}

failures = []


def check(cond, what):
    if not cond:
        failures.append(what)
    return cond


def stats_bytes(path):
    """(reason, direction) -> bytes of the 'total' record of a DVMH_STATS file."""
    got = defaultdict(int)
    in_total = False
    with open(path) as f:
        for line in f:
            if not line.startswith(" "):
                in_total = line.strip() == "total"
                continue
            if not in_total:
                continue
            m = re.match(r"\s+(.+?)\s+(host->device|device->host|device->device|to processes)"
                         r"\s+(\d+) bytes", line)
            if m:
                got[(STATS_REASONS[m.group(1)], STATS_DIRECTIONS[m.group(2)])] += int(m.group(3))
    return got


def check_nesting(spans, label):
    """Spans of one track nest: none ends inside another that it started in."""
    stack = []
    eps = 0.01
    for e in sorted(spans, key=lambda e: (e["ts"], -e["dur"])):
        end = e["ts"] + e["dur"]
        while stack and stack[-1] <= e["ts"] + eps:
            stack.pop()
        if stack and end > stack[-1] + eps:
            check(False, "%s: %s [%.3f, %.3f] overlaps an enclosing span ending at %.3f" % (
                label, e["name"], e["ts"], end, stack[-1]))
            return
        stack.append(end)


def inside(e, outer):
    eps = 0.01
    return outer["ts"] <= e["ts"] + eps and e["ts"] + e["dur"] <= outer["ts"] + outer["dur"] + eps


def check_trace(path, procs, emus, label, expect):
    try:
        with open(path) as f:
            data = json.load(f)
    except (OSError, ValueError) as e:
        check(False, "%s: the trace is not valid JSON: %s" % (label, e))
        return None
    events = data["traceEvents"]
    names = {}
    pnames = {}
    for e in events:
        if e["ph"] == "M" and e["name"] == "thread_name":
            names[(e["pid"], e["tid"])] = e["args"]["name"]
        if e["ph"] == "M" and e["name"] == "process_name":
            pnames[e["pid"]] = e["args"]["name"]
    spans = [e for e in events if e["ph"] == "X"]
    check(sorted(pnames) == list(range(procs)), "%s: process tracks %s" % (label, sorted(pnames)))
    for p in range(procs):
        check(names.get((p, 0)) == "host", "%s: process %d has no host track" % (label, p))
        for k in range(emus):
            check(names.get((p, 1 + k)) == "emu%d" % k, "%s: process %d has no emu%d track" % (
                label, p, k))
    for e in events:
        if e["ph"] in ("X", "i"):
            check((e["pid"], e["tid"]) in names, "%s: event %s on an unnamed track" % (
                label, e["name"]))
            check(isinstance(e["ts"], (int, float)) and e["ts"] >= 0, "%s: bad ts" % label)
        if e["ph"] == "X":
            check(e["dur"] >= 0, "%s: negative dur" % label)
    by_cat = defaultdict(list)
    for e in spans:
        by_cat[e["cat"]].append(e)
    for e in by_cat["piece"]:
        check(re.search(r"\.c:\d+$", e["name"]), "%s: piece named %r" % (label, e["name"]))
        check(isinstance(e["args"].get("iterations"), int) and e["args"]["iterations"] > 0,
              "%s: piece without iterations" % label)
        check(e["args"].get("device") == names.get((e["pid"], e["tid"])),
              "%s: piece device %s on track %s" % (label, e["args"].get("device"), e["tid"]))
    for e in by_cat["transfer"] + by_cat["comm"]:
        for k in ("bytes", "variable", "from", "to", "reason", "direction"):
            check(k in e["args"], "%s: %s without %s" % (label, e["name"], k))
    for e in by_cat["comm"]:
        peers = e["args"].get("peers", [])
        check(all(q["process"] != e["pid"] and 0 <= q["process"] < procs for q in peers),
              "%s: %s peers %s" % (label, e["name"], peers))
        # an across pipeline's messages are not timed one by one: its
        # peers hold every message since the last exchange
        check(e["args"]["reason"] == "across" or sum(q["bytes"] for q in peers) == e["args"]["bytes"],
              "%s: %s peers' bytes %s != %d" % (label, e["name"], peers, e["args"]["bytes"]))
    tracks = defaultdict(list)
    for e in spans:
        tracks[(e["pid"], e["tid"])].append(e)
    for key, ev in tracks.items():
        check_nesting(ev, "%s track %s" % (label, key))
    for p in range(procs):
        prog = [e for e in by_cat["program"] if e["pid"] == p]
        if not check(len(prog) == 1, "%s: process %d has %d program spans" % (label, p, len(prog))):
            continue
        for e in spans:
            if e["pid"] == p:
                check(inside(e, prog[0]), "%s: %s outside the program span" % (label, e["name"]))
        loops = [e for e in by_cat["loop"] if e["pid"] == p]
        for e in by_cat["piece"]:
            if e["pid"] == p and e["tid"] == 0:
                check(any(inside(e, l) and l["args"]["site"] == e["name"] for l in loops),
                      "%s: piece %s outside its loop" % (label, e["name"]))
        scopes = [e for e in spans if e["pid"] == p and e["cat"] in ("region", "interval", "loop",
                                                                   "redistribute", "realign")]
        for e in scopes:
            enclosing = [o for o in scopes if o is not e and inside(e, o) and
                         (o["dur"] > e["dur"] or o["ts"] < e["ts"])]
            check(len(enclosing) == e["args"]["depth"], "%s: %s at depth %d inside %d scopes" % (
                label, e["name"], e["args"]["depth"], len(enclosing)))
    for cat in expect:
        check(by_cat.get(cat) or any(e.get("cat") == cat for e in events),
              "%s: no %s events" % (label, cat))
    if emus and "region" in expect:
        check(any(e["tid"] == 1 for e in by_cat["piece"]), "%s: no piece on emu0" % label)
        check(any(e["tid"] == 1 for e in by_cat["transfer"]), "%s: no transfer on emu0" % label)
    return spans


def check_bytes(spans, stats_path, procs, label):
    for p in range(procs):
        path = stats_path if procs == 1 else "%s.%d" % (stats_path, p)
        want = stats_bytes(path)
        got = defaultdict(int)
        for e in spans:
            if e["pid"] == p and e["cat"] in ("transfer", "comm"):
                got[(e["args"]["reason"], e["args"]["direction"])] += e["args"]["bytes"]
        got = {k: v for k, v in got.items() if v}
        check(got == dict(want), "%s: process %d trace bytes %s != counters %s" % (
            label, p, dict(got), dict(want)))


def check_stages(spans, procs, label):
    """Across pipeline stages carry their messages: per process, the bytes
    of the stages add up to the pipelines' totals."""
    for p in range(procs):
        stages = [e for e in spans if e["pid"] == p and e["name"] == "across stage"]
        total = sum(e["args"]["bytes"] for e in spans if e["pid"] == p and e["cat"] == "comm"
                    and e["args"]["reason"] == "across")
        staged = sum(e["args"]["bytes"] for e in stages)
        check(staged == total, "%s: process %d across stages carry %d bytes, pipelines %d" % (
            label, p, staged, total))
        for e in stages:
            peers = e["args"].get("peers")
            check(peers is not None and sum(q["bytes"] for q in peers) == e["args"]["bytes"],
                  "%s: across stage without its peers: %s" % (label, e["args"]))
        if procs > 1 and total:
            check(any(e["args"]["peers"] for e in stages),
                  "%s: process %d: no across stage names a peer" % (label, p))


def check_variables(spans, wanted, label):
    """Transfers and exchanges name the program's variables."""
    named = {e["args"]["variable"] for e in spans if e["cat"] in ("transfer", "comm")} - {""}
    check(not [v for v in named if v.startswith("array (")],
          "%s: data named by the runtime, not the source: %s" % (label, sorted(named)))
    if wanted and named:
        check(named <= wanted, "%s: data moved %s, not named as the variables %s" % (
            label, sorted(named), sorted(wanted)))


def stats_characteristics(path, label, intervals):
    """The DVMH_STATS characteristics blocks: [(title, {name: (process, sum)})];
    each adds up and uses dvmh-report's names."""
    blocks = []
    with open(path) as f:
        for line in f:
            m = re.match(r"^\s*characteristics \(seconds\), (.*)$", line)
            if m:
                blocks.append((m.group(1), {}))
                continue
            m = re.match(r"^\s+(\S.*?)\s{2,}(\S+)\s+(\S+)$", line)
            if blocks and m and m.group(1) != "characteristic":
                blocks[-1][1][m.group(1).strip()] = (float(m.group(2)), float(m.group(3)))
    check(blocks and blocks[0][0] == "whole program", "%s: no characteristics in %s" % (
        label, path))
    check(sum(1 for t, _ in blocks if t.startswith("interval")) >= intervals,
          "%s: fewer than %d interval characteristics in DVMH_STATS" % (label, intervals))
    for title, v in blocks:
        missing = [k for k in ["execution time", "productive time", "parallel efficiency",
                               "lost time"] + PARTS if k not in v]
        if not check(not missing, "%s stats %s: no %s" % (label, title, missing)):
            continue
        for col in (0, 1):
            exe = v["execution time"][col]
            total = v["productive time"][col] + sum(v[k][col] for k in PARTS)
            check(abs(total - exe) <= 0.05 * exe + 1e-5,
                  "%s stats %s: productive + lost = %.6f, execution time%s = %.6f" % (
                      label, title, total, " x processes" if col else "", exe))
    return blocks


def report_blocks(text):
    """[(title, {characteristic: sum column})] of the characteristics."""
    blocks = []
    for line in text.splitlines():
        m = re.match(r"^\s+(whole program|interval .*)$", line)
        if m:
            blocks.append((m.group(1), {}))
            continue
        m = re.match(r"^\s+(\S.*?)\s{2,}(.*)$", line)
        if blocks and m and m.group(1) != "characteristic":
            cols = m.group(2).split()
            try:
                blocks[-1][1][m.group(1).strip()] = float(cols[-1])
            except ValueError:
                pass
    return blocks


PARTS = ["insufficient parallelism", "communication", "idle time", "load imbalance",
         "synchronization", "data motion host-device", "data motion device-device",
         "runtime overhead"]


def check_report(report, trace, label, intervals):
    r = subprocess.run([sys.executable, report, trace], capture_output=True, text=True)
    if not check(r.returncode == 0, "%s: dvmh-report failed: %s" % (label, r.stderr)):
        return None
    blocks = report_blocks(r.stdout)
    check(blocks and blocks[0][0] == "whole program", "%s: no whole-program block" % label)
    check(sum(1 for t, _ in blocks if t.startswith("interval")) >= intervals,
          "%s: fewer than %d interval blocks" % (label, intervals))
    for title, v in blocks:
        total = v["productive time"] + sum(v[k] for k in PARTS)
        check(abs(total - v["execution time"]) <= 0.05 * v["execution time"] + 1e-6,
              "%s %s: productive + lost = %.6f, execution time x processes = %.6f" % (
                  label, title, total, v["execution time"]))
        check(abs(v["lost time"] - sum(v[k] for k in PARTS)) <= 2e-6 * len(PARTS) + 1e-6,
              "%s %s: lost time is not the sum of its parts" % (label, title))
    return blocks


def check_gpu(opt, work):
    """jacobi2d on host + one GPU of the CUDA emulator: kernels on the GPU's
    track, timed by events, inside their pieces."""
    path = os.path.join(opt.source, "samples", "jacobi2d.c")
    exe = os.path.join(work, "jacobi2d_gpu")
    c = subprocess.run([opt.dvmcc, "-O2", path, "-o", exe], capture_output=True, text=True,
                       env=dict(os.environ, CDVMH_NVCC=opt.nvcc_emu,
                                CDVMH_CUDA_CACHE=os.path.join(work, "cache")))
    if not check(c.returncode == 0, "jacobi2d (GPU): dvmcc failed: %s" % c.stderr):
        return
    trace = os.path.join(work, "gpu.json")
    stats = os.path.join(work, "gpu.stats")
    r = subprocess.run([exe], capture_output=True, text=True, cwd=work, timeout=300,
                       env=dict(os.environ, LD_LIBRARY_PATH=opt.driver_dir, DVMH_NUM_CUDAS="1",
                                DVMH_NUM_THREADS="1", DVMH_NUM_EMUS="0", DVMH_TRACE=trace,
                                DVMH_STATS=stats))
    label = "jacobi2d procs=1 cudas=1"
    if not check(r.returncode == 0, "%s: exit %d: %s" % (label, r.returncode, r.stderr)):
        return
    spans = check_trace(trace, 1, 0, label, ["region", "loop", "piece", "kernel"])
    if spans is None:
        return
    check_bytes(spans, stats, 1, label)
    kernels = [e for e in spans if e["cat"] == "kernel"]
    pieces = [e for e in spans if e["cat"] == "piece" and e["tid"] == 1]
    check(kernels and all(e["tid"] == 1 for e in kernels), "%s: kernels not on cuda0" % label)
    check(all(e["args"]["gpu_seconds"] > 0 for e in kernels), "%s: untimed kernel" % label)
    check(all(any(inside(k, p) for p in pieces) for k in kernels),
          "%s: a kernel outside the GPU's pieces" % label)
    check(any("kernel" in k["name"] for k in kernels), "%s: kernels unnamed" % label)
    print("%s: checked (%d kernels)" % (label, len(kernels)))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--dvmcc", required=True)
    ap.add_argument("--report", required=True)
    ap.add_argument("--source", required=True, help="the project's source root")
    ap.add_argument("--mpiexec", default=shutil.which("mpiexec") or "mpiexec")
    ap.add_argument("--procs", default="1,2",
                    help="1 alone for a build without MPI (the 2-process runs are skipped)")
    ap.add_argument("--nvcc-emu", help="tests/gpu/cuemu/nvcc-emu: also trace on an emulated GPU")
    ap.add_argument("--driver-dir", help="the folder of the CUDA emulator's libcuda.so.1")
    opt = ap.parse_args()
    src = opt.source
    # path, expected event kinds, interval blocks (loops outside regions
    # run on the host alone: imbalance.c has no emu0 pieces)
    # and the source names the data moved must carry (every transfer and
    # exchange names a variable of the program, never the runtime's
    # "array (FILE:LINE)")
    programs = [
        (os.path.join(src, "samples", "jacobi2d.c"), ["region", "loop", "piece", "schedule"], 0,
         {"A", "B"}),
        (os.path.join(src, "tests", "e2e", "w_interval_forms.c"), ["interval", "loop"], 3, set()),
        (os.path.join(src, "samples", "sor.c"), ["loop", "piece"], 0, set()),
        (os.path.join(src, "tests", "e2e", "w_gauss_remote_row.c"), ["loop", "piece"], 0, set()),
        (os.path.join(src, "tests", "trace", "imbalance.c"), ["loop", "piece"], 0, set()),
        (os.path.join(src, "tests", "e2e", "redistribute.c"), ["redistribute", "loop"], 0,
         {"A", "B", "R"}),
        (os.path.join(src, "tests", "e2e", "ordinary_tie.c"), ["region", "piece"], 0,
         {"a", "b", "flat"}),
    ]
    work = tempfile.mkdtemp(prefix="dvmh-trace-test-")
    try:
        for path, expect, intervals, variables in programs:
            name = os.path.splitext(os.path.basename(path))[0]
            exe = os.path.join(work, name)
            c = subprocess.run([opt.dvmcc, "-O2", path, "-o", exe], capture_output=True,
                               text=True, env=dict(os.environ, CDVMH_NVCC=""))
            if not check(c.returncode == 0, "%s: dvmcc failed: %s" % (name, c.stderr)):
                continue
            for procs, emus in ((1, 1), (2, 0)):
                if str(procs) not in opt.procs.split(","):
                    continue
                label = "%s procs=%d emus=%d" % (name, procs, emus)
                env = dict(os.environ, DVMH_NUM_THREADS="1", DVMH_NUM_EMUS=str(emus),
                           HYDRA_TOPO_DEBUG="0")
                cmd = [exe] if procs == 1 else [opt.mpiexec, "-n", str(procs), exe]
                plain = subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=work,
                                       timeout=300)
                trace = os.path.join(work, "%s.%d.json" % (name, procs))
                stats = os.path.join(work, "%s.%d.stats" % (name, procs))
                traced = subprocess.run(cmd, capture_output=True, text=True, cwd=work,
                                        env=dict(env, DVMH_TRACE=trace, DVMH_STATS=stats),
                                        timeout=300)
                if not check(traced.returncode == plain.returncode,
                             "%s: exit %d / untraced %d: %s" % (label, traced.returncode,
                                                               plain.returncode, traced.stderr)):
                    continue
                check(traced.stdout == plain.stdout, "%s: output differs when traced" % label)
                if plain.returncode != 0:
                    print("%s: exits %d" % (label, plain.returncode))
                check(not [f for f in os.listdir(work) if ".part" in f],
                      "%s: part files left behind" % label)
                spans = check_trace(trace, procs, emus, label,
                                    expect + (["comm"] if procs > 1 and name not in ("imbalance", "ordinary_tie")
                                              else []))
                if spans is None:
                    continue
                check_bytes(spans, stats, procs, label)
                check_variables(spans, variables, label)
                check_stages(spans, procs, label)
                for p in range(procs):
                    sb = stats_characteristics(stats if procs == 1 else "%s.%d" % (stats, p),
                                               label, intervals)
                    if name == "imbalance" and procs == 2 and sb:
                        v = sb[0][1]
                        check(v["load imbalance"][1] > 0.25 * v["productive time"][1],
                              "%s: DVMH_STATS load imbalance %.6f not shown (productive %.6f)"
                              % (label, v["load imbalance"][1], v["productive time"][1]))
                blocks = check_report(opt.report, trace, label, intervals)
                if name == "imbalance" and procs == 2 and blocks:
                    v = blocks[0][1]
                    check(v["load imbalance"] > 0.25 * v["productive time"],
                          "%s: load imbalance %.6f not shown (productive %.6f)" % (
                              label, v["load imbalance"], v["productive time"]))
                print("%s: checked" % label)
        if opt.nvcc_emu and opt.driver_dir:
            check_gpu(opt, work)
        # a trace that cannot be written stops the program with a message
        bad = subprocess.run([os.path.join(work, "jacobi2d")], capture_output=True, text=True,
                             env=dict(os.environ, DVMH_TRACE=os.path.join(work, "no", "t.json")))
        check(bad.returncode != 0 and "DVMH_TRACE" in bad.stderr,
              "an unwritable DVMH_TRACE: exit %d, %r" % (bad.returncode, bad.stderr))
    finally:
        shutil.rmtree(work, ignore_errors=True)
    for f in failures:
        print("FAIL " + f)
    print("%d failure%s" % (len(failures), "" if len(failures) == 1 else "s"))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
