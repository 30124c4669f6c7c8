#!/usr/bin/env python3
"""One short libFuzzer run of a fuzz target, as a test.

  run_fuzz.py --target EXE --seeds directives|files --work DIR
              [--time SECONDS] SRC_DIR... [-- FUZZER_OPTION...]

The seed corpus is generated from SRC_DIR (tests/fuzz/make_corpus.py) into
DIR/seeds; the run's new inputs go to DIR/corpus (emptied first) and a
crash, hang or leak to DIR/ (the test then fails and names the file; the
target replays it: EXE FILE). Ends with the run's figures."""
import argparse
import pathlib
import re
import shutil
import subprocess
import sys

HERE = pathlib.Path(__file__).resolve().parent


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--target', required=True)
    ap.add_argument('--seeds', choices=['directives', 'files'], required=True)
    ap.add_argument('--work', required=True)
    ap.add_argument('--time', type=int, default=30)
    ap.add_argument('sources', nargs='+')
    args, extra = ap.parse_known_args()
    work = pathlib.Path(args.work)
    seeds, corpus = work / 'seeds', work / 'corpus'
    subprocess.run([sys.executable, str(HERE / 'make_corpus.py'), args.seeds, str(seeds)] + args.sources,
                   check=True)
    shutil.rmtree(corpus, ignore_errors=True)
    corpus.mkdir(parents=True)
    for old in work.glob('crash-*'):
        old.unlink()
    cmd = [args.target, '-max_total_time=%d' % args.time, '-timeout=10', '-print_final_stats=1',
           '-artifact_prefix=%s/' % work] + [e for e in extra if e != '--'] + [str(corpus), str(seeds)]
    print(' '.join(cmd), flush=True)
    run = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, errors='replace')
    log = run.stdout
    (work / 'fuzz.log').write_text(log)
    last = [l for l in log.splitlines() if re.match(r'#\d+\s', l)]
    stats = [l for l in log.splitlines() if l.startswith('stat::')]
    if run.returncode != 0:
        print(log[-20000:])
        print('FAILED: the fuzzer stopped with status %d; the input is in %s/' % (run.returncode, work))
        sys.exit(1)
    print('\n'.join(last[-1:] + stats))
    print('seeds: %d, corpus after the run: %d' % (len(list(seeds.iterdir())), len(list(corpus.iterdir()))))


if __name__ == '__main__':
    main()
