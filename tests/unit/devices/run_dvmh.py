#!/usr/bin/env python3
"""Compiles a C-DVMH test program with dvmcc and runs it (one process, or
--procs under mpiexec) with the given DVMH_* settings; passes when it exits
0 (non-zero with --expect-failure) and its stderr matches every --stderr
REGEX=COUNT (COUNT lines matching REGEX; COUNT+: at least COUNT)."""
import argparse
import os
import re
import subprocess
import sys
import tempfile

ap = argparse.ArgumentParser()
ap.add_argument('program')
ap.add_argument('--dvmcc', required=True)
ap.add_argument('--env', action='append', default=[], help='NAME=VALUE')
ap.add_argument('--stderr', action='append', default=[], help='REGEX=COUNT')
ap.add_argument('--cflag', action='append', default=[], help='an extra dvmcc option')
ap.add_argument('--procs', type=int, default=1, help='processes (mpiexec)')
ap.add_argument('--expect-failure', action='store_true', help='a non-zero exit is the pass')
ap.add_argument('--oracle', help='C compiler: stdout must equal the plain C build\'s')
opt = ap.parse_args()

with tempfile.TemporaryDirectory() as tmp:
    exe = os.path.join(tmp, 'prog')
    c = subprocess.run([opt.dvmcc, '-O2'] + opt.cflag + [opt.program, '-o', exe, '-lm'],
                       capture_output=True, text=True)
    if c.returncode != 0:
        print('compile failed:\n' + c.stderr)
        sys.exit(1)
    env = {k: v for k, v in os.environ.items() if not k.startswith('DVMH_')}
    env['DVMH_NUM_THREADS'] = '1'
    for setting in opt.env:
        name, value = setting.split('=', 1)
        env[name] = value
    cmd = [exe] if opt.procs == 1 else ['mpiexec', '-n', str(opt.procs), exe]
    r = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=120)
    sys.stdout.write(r.stdout)
    failed = (r.returncode == 0) if opt.expect_failure else (r.returncode != 0)
    if opt.oracle:
        plain = os.path.join(tmp, 'plain')
        subprocess.run([opt.oracle, '-O2', '-w', opt.program, '-o', plain, '-lm'], check=True)
        want = subprocess.run([plain], capture_output=True, text=True, timeout=120).stdout
        if want != r.stdout:
            print('stdout differs from the plain C build:\n' + want)
            failed = True
    if failed:
        print('exit status %d\nstderr:\n%s' % (r.returncode, r.stderr))
    for check in opt.stderr:
        regex, count = check.rsplit('=', 1)
        got = sum(1 for line in r.stderr.splitlines() if re.search(regex, line))
        at_least = count.endswith('+')
        want = int(count.rstrip('+'))
        if got < want or (got != want and not at_least):
            print('stderr: %d lines match %r, want %s\nstderr:\n%s' % (got, regex, count, r.stderr))
            failed = True
    sys.exit(1 if failed else 0)
