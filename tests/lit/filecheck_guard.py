#!/usr/bin/env python3
"""FileCheck as the lit tests call it (lit.cfg.py substitutes it): before
running the real FileCheck, fails when its input holds a directive of one
of its own check prefixes ('// HOST: ...'). Such an input keeps the test's
comments, so each check line can match itself and the test passes whatever
the tool generated. Filter the comments out (grep -v "^// ") or use a
prefix that cannot occur in the input.

    filecheck_guard.py --filecheck PATH [FileCheck's arguments]"""
import re
import subprocess
import sys

SUFFIXES = r"(?:-NEXT|-SAME|-NOT|-DAG|-LABEL|-EMPTY|-COUNT-\d+)?"


def prefixes(args):
    """The check prefixes of a FileCheck command line (CHECK by default)."""
    out = []
    for k, a in enumerate(args):
        for opt in ("--check-prefix", "-check-prefix", "--check-prefixes", "-check-prefixes"):
            if a == opt and k + 1 < len(args):
                out += args[k + 1].split(",")
            elif a.startswith(opt + "="):
                out += a[len(opt) + 1:].split(",")
    return out or ["CHECK"]


def input_of(args):
    """(the input text, FileCheck's arguments reading it from stdin)."""
    rest, path = [], None
    k = 0
    while k < len(args):
        a = args[k]
        if a in ("--input-file", "-input-file") and k + 1 < len(args):
            path = args[k + 1]
            k += 2
            continue
        if a.startswith("--input-file=") or a.startswith("-input-file="):
            path = a.split("=", 1)[1]
        else:
            rest.append(a)
        k += 1
    if path is None:
        return sys.stdin.buffer.read(), rest
    with open(path, "rb") as f:
        return f.read(), rest


def main():
    if len(sys.argv) < 3 or sys.argv[1] != "--filecheck":
        sys.exit(__doc__)
    filecheck, args = sys.argv[2], sys.argv[3:]
    data, args = input_of(args)
    text = data.decode("utf-8", "replace")
    directive = re.compile(r"(?<![\w-])(%s)%s:" % ("|".join(map(re.escape, prefixes(args))), SUFFIXES))
    own = [(n, line) for n, line in enumerate(text.splitlines(), 1) if directive.search(line)]
    if own:
        sys.stderr.write("filecheck_guard: the input of FileCheck holds its own check lines, which "
                         "match themselves (filter the comments out: grep -v \"^// \"):\n")
        for n, line in own[:5]:
            sys.stderr.write("  input line %d: %s\n" % (n, line.strip()))
        return 1
    return subprocess.run([filecheck] + args, input=data).returncode


if __name__ == "__main__":
    sys.exit(main())
