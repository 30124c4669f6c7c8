#!/usr/bin/env python3
"""Runs one C-DVMH program against its sequential meaning.

A program is one .c file, or a folder: all the .c files in it are compiled
together into one program (headers next to them are found as usual), and
its markers are read from all of them.

The program is compiled twice: as plain C (directives ignored) and with
dvmcc. The plain build's output and exit status are the oracle; the DVMH
build must reproduce them on every configuration of processes x threads x
emulated devices. Integers and text must match exactly; floating-point
numbers within the program's tolerance (a '// TOLERANCE: 1e-9' comment,
relative, default 0).

Markers in the program:
  // TOLERANCE: x     relative tolerance for floating-point tokens
  // ARGS: a b c      command-line arguments
  // STDIN: file      file (next to the program) given as standard input
  // E2E: expect-compile-error TEXT
                      dvmcc must reject the program with a message that
                      contains TEXT (nothing is run)
  // E2E: expect-run-error TEXT
                      the DVMH build must stop with a non-zero exit status
                      and TEXT in its messages on every configuration (the
                      plain build is not compared)
  // E2E: expect-run-error-from-procs N TEXT
                      as expect-run-error on N or more processes; on fewer,
                      the output must be the plain build's
  // E2E: dvmcc-flags FLAGS
                      more dvmcc arguments (-fdvmh-check: the programs
                      that show a check of check mode fail)

--check builds with dvmcc -fdvmh-check (check mode): the program must run
as usual, without a report (a program expected to stop at run time may
stop at a check instead).

The matrix: --procs/--threads/--emus, else the environment (E2E_PROCS,
E2E_THREADS, E2E_EMUS), else 1 x 1,2 x 0; with --suite the last fallback
is the test suite's matrix 1,2,3,4 x 1,2 x 0,1,2.

--sched MODES (or E2E_SCHED) adds the scheduling modes (DVMH_SCHED_TECH:
single, static, simple-dynamic, dynamic, scheme) to the matrix; unset: the
environment's. 'scheme' runs twice per configuration: dynamic, writing a
scheme file, then scheme, reading it; both must give the right output.
"""
import argparse
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile

NUMBER = r"[-+]?(?:\d+\.\d*|\.\d+|\d+)(?:[eE][-+]?\d+)?|[-+]?(?:inf|nan)"
NUMBER_SPLIT = re.compile("(" + NUMBER + ")")


def sources(path):
    """The .c files of a program: the file itself, or those in the folder."""
    if os.path.isdir(path):
        found = sorted(os.path.join(path, f) for f in os.listdir(path) if f.endswith(".c"))
        if not found:
            raise SystemExit("%s: a folder without .c files" % path)
        return found
    return [path]


def markers(path):
    text = "".join(open(f).read() for f in sources(path))
    base = path if os.path.isdir(path) else os.path.dirname(path)
    tol = re.search(r"//\s*TOLERANCE:\s*(\S+)", text)
    args = re.search(r"//\s*ARGS:(.*)", text)
    stdin = re.search(r"//\s*STDIN:\s*(\S+)", text)
    reject = re.search(r"//\s*E2E:\s*expect-compile-error\s+(.*\S)", text)
    fails = re.search(r"//\s*E2E:\s*expect-run-error\s+(.*\S)", text)
    flags = re.search(r"//\s*E2E:\s*dvmcc-flags\s+(.*\S)", text)
    fails_from = re.search(r"//\s*E2E:\s*expect-run-error-from-procs\s+(\d+)\s+(.*\S)", text)
    if fails_from:
        fails = fails_from
    return (float(tol.group(1)) if tol else 0.0,
            args.group(1).split() if args else [],
            os.path.join(base, stdin.group(1)) if stdin else None,
            reject.group(1) if reject else None,
            fails.group(fails.lastindex) if fails else None,
            flags.group(1).split() if flags else [],
            int(fails_from.group(1)) if fails_from else 1)


def is_float(number):
    """A floating-point number (integers are compared exactly)."""
    return bool(re.search(r"[.eEin]", number))


def same_token(e, a, tol):
    """Tokens such as 'eps=1.5e-03' or '(3,4)': the text between numbers must
    be equal, integers too; floating-point numbers within tol (relative)."""
    if e == a:
        return True
    if tol <= 0:
        return False
    e_parts = NUMBER_SPLIT.split(e)
    a_parts = NUMBER_SPLIT.split(a)
    if len(e_parts) != len(a_parts):
        return False
    for k, (ep, ap) in enumerate(zip(e_parts, a_parts)):
        if ep == ap:
            continue
        if k % 2 == 0 or not (is_float(ep) and is_float(ap)):
            return False
        ev, av = float(ep), float(ap)
        if not abs(ev - av) <= tol * max(abs(ev), abs(av), 1e-300):
            return False
    return True


def same(expected, actual, tol):
    """Compares token-wise; returns None or a description of the first difference."""
    e_tokens = re.split(r"(\s+)", expected)
    a_tokens = re.split(r"(\s+)", actual)
    for k, (e, a) in enumerate(zip(e_tokens, a_tokens)):
        if same_token(e, a, tol):
            continue
        line = expected[:sum(len(t) for t in e_tokens[:k])].count("\n") + 1
        return "line %d: expected %r, got %r" % (line, e, a)
    if len(e_tokens) != len(a_tokens):
        common = min(len(e_tokens), len(a_tokens))
        line = expected[:sum(len(t) for t in e_tokens[:common])].count("\n") + 1
        if len(a_tokens) > common:
            return "line %d: output goes on: %r" % (line, "".join(a_tokens[common:])[:200])
        return "line %d: output ends early; missing %r" % (line, "".join(e_tokens[common:])[:200])
    return None


def run(cmd, env, stdin_path, timeout, cwd):
    """Runs cmd in its own process group, so that a timeout ends mpiexec's
    children too; returns (exit status or "timeout", stdout, stderr)."""
    stdin = open(stdin_path) if stdin_path else subprocess.DEVNULL
    try:
        p = subprocess.Popen(cmd, env=env, stdin=stdin, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True, cwd=cwd,
                             start_new_session=True)
        try:
            out, err = p.communicate(timeout=timeout)
            return p.returncode, out, err
        except subprocess.TimeoutExpired:
            os.killpg(p.pid, signal.SIGKILL)
            out, err = p.communicate()
            return "timeout", out, err
    finally:
        if stdin_path:
            stdin.close()


def verdict(conf, rc, out, err, fails, exp_rc, exp_out, tol, checked_fail=False):
    """What is wrong with a run's result (a message), or None. checked_fail:
    a check-mode report also counts as the expected run-time error."""
    if fails is not None:
        found = fails in out + err or (checked_fail and "error: check:" in err)
        if rc == 0 or rc == "timeout" or not found:
            return "FAIL %s: exit %s, expected a run-time error with %r%s" % (
                conf, rc, fails, "; stderr: " + err.strip()[:800])
        return None
    diff = same(exp_out, out, tol)
    if rc != exp_rc or diff:
        return "FAIL %s: exit %s (expected %s)%s%s" % (
            conf, rc, exp_rc, "; " + diff if diff else "",
            "\n  stderr: " + err.strip()[:800] if err.strip() else "")
    return None


def check(conf, rc, out, err, fails, exp_rc, exp_out, tol, checked_fail=False):
    """1 (and the message) when a run's result is wrong, else 0."""
    message = verdict(conf, rc, out, err, fails, exp_rc, exp_out, tol, checked_fail)
    if message:
        print(message)
    return 1 if message else 0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("program")
    ap.add_argument("--dvmcc", required=True)
    ap.add_argument("--cc", default="clang-19")
    ap.add_argument("--procs")
    ap.add_argument("--threads")
    ap.add_argument("--emus")
    ap.add_argument("--suite", action="store_true",
                    help="fall back to the test suite's matrix instead of 1 x 1,2 x 0")
    ap.add_argument("--mpiexec", default=shutil.which("mpiexec") or "mpiexec")
    ap.add_argument("--timeout", type=float, default=30)
    ap.add_argument("--sched", default=os.environ.get("E2E_SCHED"),
                    help="scheduling modes to run (comma list of DVMH_SCHED_TECH values)")
    ap.add_argument("--dvmcc-arg", action="append", default=[],
                    help="one more argument for dvmcc (repeat; write --dvmcc-arg=-X)")
    ap.add_argument("--build-log", help="write dvmcc's messages (remarks) to this file")
    ap.add_argument("--check", action="store_true",
                    help="build in check mode (dvmcc -fdvmh-check): no check may fail")
    opt = ap.parse_args()
    fallback = {"procs": "1,2,3,4", "threads": "1,2", "emus": "0,1,2"} if opt.suite else \
        {"procs": "1", "threads": "1,2", "emus": "0"}
    for name in ("procs", "threads", "emus"):
        if getattr(opt, name) is None:
            setattr(opt, name, os.environ.get("E2E_" + name.upper(), fallback[name]))

    opt.program = os.path.normpath(opt.program)
    srcs = sources(opt.program)
    tol, args, stdin_path, reject, fails, flags, fails_from = markers(opt.program)
    if opt.check and "-fdvmh-check" not in flags:
        flags.append("-fdvmh-check")
    checked_fail = opt.check and fails is not None
    work = tempfile.mkdtemp(prefix="e2e-")
    try:
        plain = os.path.join(work, "plain")
        dvmh = os.path.join(work, "dvmh")
        c = subprocess.run([opt.cc, "-O2", "-Wall", "-Wno-unknown-pragmas", "-Werror",
                            *srcs, "-o", plain, "-lm"],
                           capture_output=True, text=True)
        if c.returncode:
            print("plain C build failed:\n" + c.stderr)
            return 1
        c = subprocess.run([opt.dvmcc, "-O2"] + flags + opt.dvmcc_arg + [*srcs, "-o", dvmh, "-lm"],
                           capture_output=True, text=True)
        if opt.build_log:
            with open(opt.build_log, "w") as log:
                log.write(c.stdout + c.stderr)
        if reject is not None:
            if c.returncode == 0:
                print("dvmcc accepted a program it must reject (expected: %r)" % reject)
                return 1
            if reject not in c.stderr:
                print("dvmcc rejected the program without %r:\n%s" % (reject, c.stderr))
                return 1
            print("%s: rejected as expected" % os.path.basename(opt.program))
            return 0
        if c.returncode:
            print("dvmcc build failed:\n" + c.stderr)
            return 1
        env = dict(os.environ)
        exp_rc, exp_out, exp_err = run([plain] + args, env, stdin_path, opt.timeout, work)
        failures = 0
        runs = 0
        modes = opt.sched.split(",") if opt.sched else [None]
        for procs in opt.procs.split(","):
            for threads in opt.threads.split(","):
                for emus in opt.emus.split(","):
                    for mode in modes:
                        env = dict(os.environ, DVMH_NUM_THREADS=threads, DVMH_NUM_EMUS=emus,
                                   HYDRA_TOPO_DEBUG="0")
                        conf = "procs=%s threads=%s emus=%s" % (procs, threads, emus)
                        conf_fails = fails if int(procs) >= fails_from else None
                        steps = [mode]
                        if mode == "scheme":
                            steps = ["dynamic", "scheme"]
                            env["DVMH_SCHED_FILE"] = os.path.join(
                                work, "scheme-%s-%s-%s" % (procs, threads, emus))
                        for step in steps:
                            # a program stopping with an error before its end
                            # writes no scheme: nothing to read back
                            if step == "scheme" and conf_fails is not None and \
                                    not os.path.exists(env["DVMH_SCHED_FILE"]):
                                continue
                            if step:
                                env["DVMH_SCHED_TECH"] = step
                            cmd = [dvmh] + args
                            if procs != "1":
                                cmd = [opt.mpiexec, "-n", procs] + cmd
                            rc, out, err = run(cmd, env, stdin_path, opt.timeout, work)
                            runs += 1
                            what = conf + (" sched=" + step if step else "")
                            failures += check(what, rc, out, err, conf_fails, exp_rc, exp_out, tol,
                                              checked_fail)
        print("%s: %d of %d configurations passed" % (os.path.basename(opt.program),
                                                      runs - failures, runs))
        return 1 if failures else 0
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
