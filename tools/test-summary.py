#!/usr/bin/env python3
"""Prints 'N passed, N failed[, N skipped]' from meson's testlog.json (one
or more: the counts add up) and exits non-zero when a test failed."""
import json
import sys

passed = failed = skipped = 0
for path in sys.argv[1:]:
    with open(path) as f:
        for line in f:
            if not line.strip():
                continue
            result = json.loads(line)["result"]
            if result in ("OK", "EXPECTEDFAIL"):
                passed += 1
            elif result == "SKIP":
                skipped += 1
            else:
                failed += 1
summary = "%d passed, %d failed" % (passed, failed)
if skipped:
    summary += ", %d skipped" % skipped
print(summary)
sys.exit(1 if failed or passed == 0 else 0)
