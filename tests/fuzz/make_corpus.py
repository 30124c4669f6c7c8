#!/usr/bin/env python3
"""Seed corpora for the fuzz targets, taken from the test programs.

  make_corpus.py directives OUT_DIR SRC_DIR...   one file per `#pragma dvm`
      line (continuations joined, the text after "dvm"), each twice: first
      byte 0 (names not checked) and 1 (names checked in a scope)
  make_corpus.py files OUT_DIR SRC_DIR...        every .c file under the
      directories up to MAX_BYTES, as it is

Files are named by a hash of their content, so the output is the same on
every run; OUT_DIR is emptied first."""
import hashlib
import pathlib
import re
import shutil
import sys

MAX_BYTES = 4096
PRAGMA = re.compile(rb'^[ \t]*#[ \t]*pragma[ \t]+dvm\b(.*)$')


def sources(dirs):
    for d in dirs:
        yield from sorted(pathlib.Path(d).rglob('*.c'))


def directives(text):
    lines = text.split(b'\n')
    k = 0
    while k < len(lines):
        line = lines[k]
        while line.endswith(b'\\') and k + 1 < len(lines):
            k += 1
            line = line[:-1] + b' ' + lines[k]
        k += 1
        m = PRAGMA.match(line)
        if m:
            yield m.group(1)


def write(out, data):
    (out / hashlib.sha1(data).hexdigest()).write_bytes(data)


def main():
    mode, out, dirs = sys.argv[1], pathlib.Path(sys.argv[2]), sys.argv[3:]
    if mode not in ('directives', 'files') or not dirs:
        sys.exit(__doc__)
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    seen = set()
    for path in sources(dirs):
        text = path.read_bytes()
        if mode == 'files':
            if len(text) <= MAX_BYTES:
                write(out, text)
            continue
        for body in directives(text):
            for flag in (b'\x00', b'\x01'):
                if flag + body not in seen:
                    seen.add(flag + body)
                    write(out, flag + body)
    if not any(out.iterdir()):
        sys.exit('make_corpus.py: no seeds found in ' + ' '.join(dirs))


if __name__ == '__main__':
    main()
