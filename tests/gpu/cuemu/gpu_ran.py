#!/usr/bin/env python3
"""Proves that a program's region loops ran on the emulated GPU when the
host has no weight (DVMH_CPU_PERF=0), from four records of one build and
its runs (loops are known by their lines; for a program of several files
the check runs once per file, on that file's records: only=its name):
  the remarks (dvmcc -Rpass=dvmh): which loops got a CUDA handler, and why
      the others did not;
  the generated C (plugin argument keep=FILE): which loops lie in which
      region, and the region's targets;
  the statistics (DVMH_STATS=FILE: FILE, or FILE.0, FILE.1, ... for
      several processes): the iterations each device ran, per loop and
      per region;
  the emulator's launch log (CUEMU_LAUNCH_LOG=FILE): the kernels that ran.
It fails when
  - a loop of a region that may use CUDA, given a CUDA handler, ran
    iterations on the host;
  - a loop ran iterations on the GPU without one of its kernels running
    there, or a kernel ran for a loop with no GPU iterations;
  - a region ran more iterations on the host than its loops without a CUDA
    handler account for (a loop called from a region, given a handler,
    that stayed on the host);
  - a loop ran with neither remark, or both remarks.
A loop the runtime keeps on the host for a reason the compiler cannot see
(memory it does not track) is named in the program by a comment
'GPU-ALONE-HOST: why' above it, or 'GPU-ALONE-HOST(several processes): why'
when that happens only on several processes; such a loop must then run on
the host there.
Used by emu_e2e.py; by hand: gpu_ran.py --source P --remarks R --generated
G --stats S [--launches L]."""
import argparse
import glob
import os
import re
import sys

REMARK = re.compile(r"^(.*?):(\d+):\d+: remark: parallel loop: (.*)$")
CUDA_REMARK = re.compile(r"CUDA handler '\w+' generated \(kernel '(\w+)_kernel'")
NO_CUDA_REMARK = re.compile(r"no CUDA handler: (.*); the loop runs on the host")
CALL = re.compile(r"\b(dvmh_region_begin|dvmh_region_end|dvmh_loop_create)\s*\(\s*"
                  r"__FILE__\s*,\s*(\d+)\s*(?:,\s*(\w+))?")
RECORD = re.compile(r"^(loop|region|interval|total)(?: (?:\d+ )?(.*):(\d+), \d+ runs?)?$")
DEVICE = re.compile(r"^    (host|cuda\d+|emu\d+)\s+(\d+) iterations\s+([0-9.]+) s")
MARKER = re.compile(r"GPU-ALONE-HOST(\(several processes\))?:\s*(.*?)\s*(?:\*/)?$")
HEADER = re.compile(r"^DVMH statistics, process \d+ of (\d+)")
LAUNCH = re.compile(r"^(cuda\d+) (\w+?)_(?:kernel\d*|red\d+) (\d+) launches")


def remarks(text, only=None):
    """{line: ('cuda', kernel base) or ('host', why)}; a loop with both is
    reported under 'both'. only: the remarks of that file alone."""
    out = {}
    for m in map(REMARK.match, text.splitlines()):
        if not m or (only and os.path.basename(m.group(1)) != only):
            continue
        line, what = int(m.group(2)), m.group(3)
        c, n = CUDA_REMARK.match(what), NO_CUDA_REMARK.match(what)
        if c or n:
            kind = ("cuda", c.group(1)) if c else ("host", n.group(1))
            out[line] = ("both", None) if line in out and out[line][0] != kind[0] else kind
    return out


def host_markers(source, rem):
    """{loop line: (why, only on several processes)} for each GPU-ALONE-HOST
    comment: the first loop of the remarks below it."""
    out = {}
    for n, text in enumerate(source.splitlines(), 1):
        m = MARKER.search(text)
        if m:
            below = [l for l in rem if l > n]
            out[min(below) if below else n] = (m.group(2), bool(m.group(1)))
    return out


def regions(generated):
    """({loop line: the line of the region around it}, {region line: its
    targets}) from the generated C, as the calls nest in the text."""
    loops, targets, open_region = {}, {}, None
    for m in CALL.finditer(generated):
        call, line = m.group(1), int(m.group(2))
        if call == "dvmh_region_begin":
            open_region = line
            targets[line] = m.group(3) or "DVMH_TARGET_ALL"
        elif call == "dvmh_region_end":
            open_region = None
        elif open_region is not None:
            loops[line] = open_region
    return loops, targets


def stats(path, only=None):
    """(the number of processes, [(kind, line, {device: iterations})]) of one
    process's report (only: the records of that file alone)."""
    records, procs = [], 1
    skip = False
    for text in open(path).read().splitlines():
        h = HEADER.match(text)
        if h:
            procs = int(h.group(1))
        m = RECORD.match(text)
        if m:
            skip = bool(only and m.group(2) and os.path.basename(m.group(2)) != only)
            if not skip:
                records.append((m.group(1), int(m.group(3)) if m.group(3) else 0, {}))
            continue
        d = DEVICE.match(text)
        if d and records and not skip:
            # a nest whose inner bounds use outer variables has no count:
            # its time on the device says it ran there
            n = int(d.group(2))
            records[-1][2][d.group(1)] = n if n or float(d.group(3)) == 0 else 1
    return procs, records


def launches(path, only=None):
    """{(device, kernel base): launches}, summed over the processes (only:
    the kernels of that file's loops, dvmh_loop_<file>_<line>)."""
    out = {}
    prefix = "dvmh_loop_" + re.sub(r"\W", "_", os.path.splitext(only)[0]) + "_" if only else ""
    if path and os.path.exists(path):
        for text in open(path).read().splitlines():
            m = LAUNCH.match(text)
            if m and m.group(2).startswith(prefix) and \
                    (not only or re.fullmatch(r"\d+", m.group(2)[len(prefix):])):
                key = (m.group(1), m.group(2))
                out[key] = out.get(key, 0) + int(m.group(3))
    return out


def uses_cuda(targets):
    """A region that may run on GPUs (targets(HOST) ones run on the host)."""
    return targets != "DVMH_TARGET_HOST"


class Build:
    """What the compiler said about the program's loops."""

    def __init__(self, source, remarks_text, generated, only=None):
        self.rem = remarks(remarks_text, only)
        self.in_region, self.targets = regions(generated)
        self.host_ok = host_markers(source, self.rem)

    def gpu_region(self, line):
        """The line of the region around loop 'line' when it may use GPUs."""
        region = self.in_region.get(line)
        return region if region is not None and uses_cuda(self.targets[region]) else None

    def may_stay_on_host(self, line, procs):
        marked = self.host_ok.get(line)
        return self.rem[line][0] == "host" or (marked is not None and (procs > 1 or not marked[1]))


def check_loop(name, procs, line, devs, b):
    """The failures of one loop record of one process."""
    r = b.rem.get(line)
    if r is None:
        return ["%s: loop at line %d ran without a remark on its CUDA handler" % (name, line)]
    if r[0] == "both":
        return ["%s: loop at line %d has both a CUDA handler and a remark that it has none"
                % (name, line)]
    host = devs.get("host", 0)
    gpu = sum(n for d, n in devs.items() if d.startswith("cuda"))
    if r[0] == "host" and gpu:
        return ["%s: loop at line %d ran %d iterations on the GPU, yet the remarks say it has "
                "no CUDA handler" % (name, line, gpu)]
    region = b.gpu_region(line)
    if region is not None and host and not b.may_stay_on_host(line, procs):
        return ["%s: loop at line %d (region at line %d) has a CUDA handler but ran %d of its "
                "%d iterations on the host" % (name, line, region, host, host + gpu)]
    return []


def check_process(name, procs, records, b):
    """The failures of one process's statistics."""
    bad = []
    region_host = in_loops = outside = 0
    for kind, line, devs in records:
        host = devs.get("host", 0)
        if kind == "region" and uses_cuda(b.targets.get(line)):
            region_host += host
        if kind != "loop":
            continue
        bad += check_loop(name, procs, line, devs, b)
        if b.gpu_region(line) is not None:
            in_loops += host
        elif line in b.rem and b.may_stay_on_host(line, procs):
            outside += host
    # a loop outside the regions' text, called from one: the host may run
    # it there only when it has no CUDA handler
    if region_host - in_loops > outside:
        bad.append("%s: the regions ran %d iterations on the host that no loop without a CUDA "
                   "handler accounts for (a loop called from a region stayed on the host)"
                   % (name, region_host - in_loops - outside))
    return bad


def check(source, remarks_text, generated, stats_paths, launch_path, only=None):
    """The failures (a list of sentences) and a summary line; only: the
    file (base name) of a program of several whose loops are checked."""
    b = Build(source, remarks_text, generated, only)
    if not stats_paths:
        return ["no statistics were written (DVMH_STATS)"], ""
    bad = []
    gpu_loops = {}      # (device, kernel base) -> iterations
    marked_host = {}    # marked loop line -> host iterations where the mark applies
    for path in stats_paths:
        procs, records = stats(path, only)
        bad += check_process(os.path.basename(path), procs, records, b)
        applies = [l for l, (why, several) in b.host_ok.items() if procs > 1 or not several]
        for line in applies:
            marked_host.setdefault(line, 0)
        for kind, line, devs in records:
            r = b.rem.get(line)
            if kind != "loop" or not r:
                continue
            if line in applies:
                marked_host[line] += devs.get("host", 0)
            for d, n in devs.items():
                if r[0] == "cuda" and d.startswith("cuda") and n:
                    gpu_loops[(d, r[1])] = gpu_loops.get((d, r[1]), 0) + n
    for line, n in sorted(marked_host.items()):
        if not n:
            bad.append("loop at line %d is marked GPU-ALONE-HOST (%s) but ran nothing on the host"
                       % (line, b.host_ok[line][0]))
    ran = launches(launch_path, only)
    if launch_path is not None:
        for (d, base), n in sorted(gpu_loops.items()):
            if not ran.get((d, base)):
                bad.append("%s ran %d iterations of the loop of %s, but none of its kernels ran "
                           "there" % (d, n, base))
        for (d, base), n in sorted(ran.items()):
            if (d, base) not in gpu_loops:
                bad.append("%s ran %d launches of %s's kernels for a loop the statistics do not "
                           "show on it" % (d, n, base))
    lines = lambda kind: [l for l, r in sorted(b.rem.items())
                          if r[0] == kind and b.gpu_region(l) is not None]
    kept = ["%d%s" % (l, " (several processes)" if several else "")
            for l, (why, several) in sorted(b.host_ok.items())]
    summary = "region loops with a CUDA handler: %s; without: %s; kept on the host: %s; " \
              "kernels that ran: %d" % (",".join(map(str, lines("cuda"))) or "none",
                                         ",".join(map(str, lines("host"))) or "none",
                                         ", ".join(kept) or "none", len(ran))
    if not gpu_loops:
        summary += " (no loop ran on a GPU: this program does not exercise it)"
    return bad, summary


def stats_files(prefix):
    """FILE for one process, FILE.0, FILE.1, ... for several."""
    return sorted(p for p in glob.glob(glob.escape(prefix) + "*")
                  if p == prefix or re.fullmatch(r"\.\d+", p[len(prefix):]))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--source", required=True, help="the program")
    ap.add_argument("--remarks", required=True, help="dvmcc -Rpass=dvmh's messages")
    ap.add_argument("--generated", required=True, help="the generated C (keep=FILE)")
    ap.add_argument("--stats", required=True, help="DVMH_STATS's file (FILE.N are read too)")
    ap.add_argument("--launches", help="CUEMU_LAUNCH_LOG's file")
    opt = ap.parse_args()
    bad, summary = check(open(opt.source).read(), open(opt.remarks).read(), open(opt.generated).read(),
                         stats_files(opt.stats), opt.launches)
    print(summary)
    for b in bad:
        print("FAIL " + b)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
