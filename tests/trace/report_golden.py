#!/usr/bin/env python3
"""report_golden.py: dvmh-report on the traces of tests/trace/golden against
their expected output (NAME.json -> NAME.expected; the characteristics of
small.json are worked out by hand in docs/trace.md), its --svg drawing
(well-formed, one row per device track), and its errors."""

import glob
import os
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET


def main():
    report, golden = sys.argv[1], sys.argv[2]
    failures = 0
    for trace in sorted(glob.glob(os.path.join(golden, "*.json"))):
        expected = open(trace[:-5] + ".expected").read()
        with tempfile.TemporaryDirectory() as tmp:
            svg = os.path.join(tmp, "u.svg")
            r = subprocess.run([sys.executable, report, trace, "--svg", svg],
                               capture_output=True, text=True)
            if r.returncode != 0 or r.stdout != expected:
                failures += 1
                print("FAIL %s: exit %d\n--- expected\n%s--- got\n%s%s" % (
                    trace, r.returncode, expected, r.stdout, r.stderr))
                continue
            root = ET.parse(svg).getroot()
            labels = [t.text for t in root.iter("{http://www.w3.org/2000/svg}text")]
            rows = [t for t in labels if t.startswith("p")]
            if len(rows) < 2:
                failures += 1
                print("FAIL %s: svg rows %s" % (trace, labels))
        print("%s: ok" % os.path.basename(trace))
    for args, message in ((["/nonexistent.json"], "cannot read trace"),):
        r = subprocess.run([sys.executable, report] + args, capture_output=True, text=True)
        if r.returncode == 0 or message not in r.stderr:
            failures += 1
            print("FAIL %s: exit %d, %r" % (args, r.returncode, r.stderr))
    print("%d failure%s" % (failures, "" if failures == 1 else "s"))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
