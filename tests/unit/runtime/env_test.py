#!/usr/bin/env python3
"""Start-up configuration: bad DVMH_* values stop the program with a
non-zero status and a message naming the variable; good ones start it."""
import os
import subprocess
import sys

program = sys.argv[1]
failures = 0

def run(settings):
    env = {k: v for k, v in os.environ.items() if not k.startswith('DVMH_')}
    env.update(settings)
    return subprocess.run([program], env=env, capture_output=True, text=True, timeout=60)

bad = [
    {'DVMH_NUM_EMUS': '-1'}, {'DVMH_NUM_EMUS': 'abc'}, {'DVMH_NUM_THREADS': '0'},
    {'DVMH_NUM_THREADS': '4x'}, {'DVMH_CPU_PERF': '-1'}, {'DVMH_EMUS_PERF': '-2'},
    {'DVMH_CUDAS_PERF': 'fast'}, {'DVMH_LOGLEVEL': '-1'}, {'DVMH_SCHED_TECH': 'random'},
    {'DVMH_SCHED_TECH': 'scheme'}, {'DVMH_NUM_CUDAS': '-3'}, {'DVMH_EMUS_PERF': '0'},
    {'DVMH_CPU_PERF': '1e'}, {'DVMH_NUM_EMUS': '2.5'}, {'DVMH_COMPARE_DEBUG': '2'},
    # beyond the range: too many threads to start, overflow, infinite tolerances, blanks
    {'DVMH_NUM_THREADS': '100000'}, {'DVMH_EMU_FAULT': '99999999999'},
    {'DVMH_COMPARE_DOUBLES_EPS': 'inf'}, {'DVMH_COMPARE_FLOATS_EPS': 'nan'},
    {'DVMH_NUM_EMUS': ' '}, {'DVMH_PROC_GRID': '1x'}, {'DVMH_PAGE_LOCK_HOST_MEM': '-1'},
    {'DVMH_CUDA_COARSEN': '3'}, {'DVMH_CUDA_COARSEN': 'on'},
    {'DVMH_THREAD_BALANCE': '2'}, {'DVMH_THREAD_BALANCE': 'yes'},
    # one process without mpiexec (no MPI started) checks the grid too
    {'DVMH_PROC_GRID': '2x2'}, {'DVMH_PROC_GRID': 'two'}, {'DVMH_MPI': 'yes'},
    # scheduling: modes by name or number 0..4, slowdowns >= 1, one weight per device
    {'DVMH_SCHED_TECH': '5'}, {'DVMH_SCHED_TECH': 'Static'}, {'DVMH_EMU_SLOWDOWN': '0.5'},
    {'DVMH_EMU_SLOWDOWN': '2,x'}, {'DVMH_EMU_SLOWDOWN': '1,2,3', 'DVMH_NUM_EMUS': '2'},
    {'DVMH_EMUS_PERF': '1,2,3', 'DVMH_NUM_EMUS': '2'}, {'DVMH_EMUS_PERF': '1,,2'},
    {'DVMH_CPU_PERF': '1,2'},
]
for settings in bad:
    name = next(iter(settings))
    r = run(settings)
    if r.returncode == 0 or name not in r.stderr or 'started' in r.stdout or \
            (name == 'DVMH_NUM_THREADS' and 'from 1 to 1024' not in r.stderr):
        failures += 1
        print(f'FAIL {settings}: status {r.returncode}, stderr {r.stderr!r}')

good = [{}, {'DVMH_NUM_THREADS': '3'}, {'DVMH_CPU_PERF': '2.5'}, {'DVMH_CPU_PERF': '0'}, {'DVMH_SCHED_TECH': 'static'},
        {'DVMH_NUM_EMUS': '0'}, {'DVMH_NUM_CUDAS': '0'}, {'DVMH_STATS': '0'},
        {'DVMH_NUM_EMUS': '2'}, {'DVMH_PROC_GRID': '1x1'}, {'DVMH_NUM_EMUS': '1', 'DVMH_EMUS_PERF': '3', 'DVMH_STATS': '1'},
        {'DVMH_SCHED_TECH': 'single'}, {'DVMH_SCHED_TECH': '0'}, {'DVMH_SCHED_TECH': '2'},
        {'DVMH_SCHED_TECH': 'simple-dynamic'}, {'DVMH_SCHED_TECH': 'dynamic'},
        {'DVMH_SCHED_TECH': '3'},
        {'DVMH_NUM_EMUS': '2', 'DVMH_EMUS_PERF': '1,2.5', 'DVMH_EMU_SLOWDOWN': '1,4'},
        {'DVMH_NUM_EMUS': '2', 'DVMH_EMUS_PERF': '3', 'DVMH_EMU_SLOWDOWN': '2'}]
for settings in good:
    r = run(settings)
    if r.returncode != 0 or r.stdout.strip() != 'started':
        failures += 1
        print(f'FAIL {settings}: status {r.returncode}, stderr {r.stderr!r}')

print(f'env_test: {len(bad) + len(good)} settings, {failures} failures')
sys.exit(1 if failures else 0)
