#!/usr/bin/env python3
"""Seeded mutation of the directives of real programs.

Takes the `#pragma dvm` lines of the programs in tests/e2e/*.c and
samples/*.c, applies token-level mutations (swap, duplicate or delete
tokens, replace an identifier with another of the file, a number with a
negative or huge one, insert '#', ':', '[]'), and runs cdvmh on each
mutant. A mutant cdvmh accepts must give C that compiles
(clang -fsyntax-only); cdvmh must never die of a signal. Anything else is
reported and the exit status is 1.

Usage: mutate_directives.py --cdvmh CDVMH --clang CLANG --include DIR
           [--count N] [--seed S] [--jobs J] [--show] [SOURCE...]
"""
import argparse
import concurrent.futures
import os
import random
import re
import subprocess
import sys
import tempfile

TOKEN = re.compile(r"""\s+|/\*.*?\*/|//.*$|[A-Za-z_]\w*|\.?\d[\w.]*|"(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*'|"""
                   r"""<<|>>|<=|>=|==|!=|&&|\|\||->|\+\+|--|.""")
IDENT = re.compile(r"[A-Za-z_]\w*$")
NUMBER = re.compile(r"\.?\d")
NUMBERS = ["-1", "-7", "0", "2147483648", "99999999999999999999", "-2147483649", "1e30", "0x7fffffffffffffff"]
INSERTS = ["#", ":", "[]", "[", "]", "(", ")", ",", "-", "*"]
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", "..", ".."))


def tokens(text):
    return [t for t in TOKEN.findall(text) if t.strip() and not t.startswith("/*")
            and not t.startswith("//")]


def directives(lines):
    """(first line index, last line index, body after 'dvm') of each directive."""
    out = []
    k = 0
    while k < len(lines):
        m = re.match(r"\s*#\s*pragma\s+dvm\b(.*)$", lines[k])
        if not m:
            k += 1
            continue
        first, body = k, m.group(1)
        while body.rstrip().endswith("\\") and k + 1 < len(lines):
            k += 1
            body = body.rstrip()[:-1] + " " + lines[k]
        out.append((first, k, body))
        k += 1
    return out


def mutate(rng, toks, idents):
    toks = list(toks)
    for _ in range(rng.choice([1, 1, 1, 2])):
        n = len(toks)
        op = rng.choice(["swap", "dup", "delete", "ident", "ident", "number", "insert", "insert"])
        if op == "swap" and n >= 2:
            k = rng.randrange(n - 1)
            toks[k], toks[k + 1] = toks[k + 1], toks[k]
        elif op == "dup" and n:
            k = rng.randrange(n)
            toks.insert(k, toks[k])
        elif op == "delete" and n:
            del toks[rng.randrange(n)]
        elif op == "ident":
            at = [k for k, t in enumerate(toks) if IDENT.match(t)]
            if at:
                toks[rng.choice(at)] = rng.choice(idents)
        elif op == "number":
            at = [k for k, t in enumerate(toks) if NUMBER.match(t)]
            if at:
                toks[rng.choice(at)] = rng.choice(NUMBERS)
            elif n:
                toks.insert(rng.randrange(n + 1), rng.choice(NUMBERS))
        else:
            toks.insert(rng.randrange(n + 1), rng.choice(INSERTS))
    return toks


def run_one(args, job):
    path, lines, first, last, body = job
    mutated = lines[:first] + ["#pragma dvm " + body] + [""] * (last - first) + lines[last + 1:]
    with tempfile.TemporaryDirectory(prefix="mutant") as tmp:
        src = os.path.join(tmp, os.path.basename(path))
        out = os.path.join(tmp, "out.c")
        with open(src, "w") as f:
            f.write("\n".join(mutated) + "\n")
        inc = ["-I", os.path.dirname(path)]
        try:
            r = subprocess.run([args.cdvmh, src, "-o", out] + inc, capture_output=True, text=True,
                               timeout=60)
        except subprocess.TimeoutExpired:
            return "hang", ""
        if r.returncode < 0 or r.returncode > 128:
            return "crash", "signal %d: %s" % (-r.returncode if r.returncode < 0 else r.returncode - 128,
                                               r.stderr[-300:])
        if r.returncode != 0:
            if ": error: " not in r.stderr:
                return "silent-reject", r.stderr[-300:]
            return "rejected", r.stderr
        c = subprocess.run([args.clang, "-fsyntax-only", "-fopenmp", "-w", "-ferror-limit=3",
                            "-I", args.include] + inc + [out], capture_output=True, text=True)
        if c.returncode != 0:
            errs = [l for l in c.stderr.splitlines() if "error:" in l]
            return "uncompilable", "\n".join(errs[:3])
        return "accepted", ""


def baseline_ok(args, path):
    with tempfile.TemporaryDirectory(prefix="mutant") as tmp:
        out = os.path.join(tmp, "out.c")
        r = subprocess.run([args.cdvmh, path, "-o", out, "-I", os.path.dirname(path)],
                           capture_output=True, text=True)
        if r.returncode != 0:
            return False
        c = subprocess.run([args.clang, "-fsyntax-only", "-fopenmp", "-w", "-I", args.include,
                            "-I", os.path.dirname(path), out], capture_output=True, text=True)
        return c.returncode == 0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cdvmh", required=True)
    ap.add_argument("--clang", required=True)
    ap.add_argument("--include", required=True)
    ap.add_argument("--count", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--show", action="store_true", help="print every mutant and its outcome")
    ap.add_argument("sources", nargs="*")
    args = ap.parse_args()
    sources = args.sources or sorted(
        [os.path.join(ROOT, "tests", "e2e", f) for f in os.listdir(os.path.join(ROOT, "tests", "e2e"))
         if f.endswith(".c")] +
        [os.path.join(ROOT, "samples", f) for f in os.listdir(os.path.join(ROOT, "samples"))
         if f.endswith(".c")])
    pool = []
    for path in sources:
        text = open(path).read()
        if "expect-compile-error" in text:
            continue
        lines = text.split("\n")
        idents = sorted(set(t for t in tokens(text) if IDENT.match(t)))
        for first, last, body in directives(lines):
            pool.append((path, lines, first, last, body, idents))
    rng = random.Random(args.seed)
    jobs = []
    for _ in range(args.count):
        path, lines, first, last, body, idents = rng.choice(pool)
        jobs.append((path, lines, first, last, " ".join(mutate(rng, tokens(body), idents))))
    counts = {}
    bad = []
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as ex:
        for job, (status, detail) in zip(jobs, ex.map(lambda j: run_one(args, j), jobs)):
            counts[status] = counts.get(status, 0) + 1
            where = "%s:%d" % (os.path.relpath(job[0], ROOT), job[2] + 1)
            if args.show:
                print("%-13s %s: #pragma dvm %s" % (status, where, job[4]))
            if status in ("uncompilable", "crash", "hang", "silent-reject"):
                bad.append((job[0], status, where, job[4], detail))
    # a program whose own directives do not build is no test of its mutants
    # (a directive not supported yet): its mutants' failures do not count
    checked = {path: baseline_ok(args, path) for path in sorted(set(b[0] for b in bad))}
    skipped = [os.path.relpath(p, ROOT) for p, ok in checked.items() if not ok]
    bad = [b[1:] for b in bad if checked[b[0]] or b[1] in ("crash", "hang")]
    for status, where, body, detail in bad:
        print("%s %s: #pragma dvm %s\n    %s" % (status.upper(), where, body,
                                                 detail.replace("\n", "\n    ")))
    if skipped:
        print("skipped (their own directives do not build): " + ", ".join(skipped))
    print("mutants: %d; " % len(jobs) + ", ".join("%s %d" % kv for kv in sorted(counts.items())))
    print("bad mutants: %d of %d" % (len(bad), len(jobs)))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
