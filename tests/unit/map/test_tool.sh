#!/bin/sh
# test_tool.sh: dvmh-map output format (one line per task, then makespan and
# lower bound), stdin input, and a malformed file reported with its line.
set -e
tool="$1"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf '2 2\n1 2 4 2\n1 1 4\n' > "$tmp/ok"
for algo in P P-area best; do
  "$tool" --algo "$algo" "$tmp/ok" > "$tmp/out"
  test "$(wc -l < "$tmp/out")" -eq 3
  # Task lines: start, k, then exactly k processor numbers.
  awk 'NR<=2 { if (NF != 2 + $2) exit 1 } NR==3 { if ($1 != "makespan" || $3 != "lower_bound" || $4 != 4) exit 1 }' "$tmp/out"
done
"$tool" --algo best "$tmp/ok" | tail -n 1 | grep -q "^makespan 4 lower_bound 4$"
"$tool" - < "$tmp/ok" | tail -n 1 | grep -q '^makespan 4 lower_bound 4$'
printf '2 2\n1 2 4 2\n1 3 4\n' > "$tmp/bad"
if "$tool" "$tmp/bad" 2> "$tmp/err"; then echo "malformed file accepted"; exit 1; fi
grep -q 'line 3' "$tmp/err"
if "$tool" --algo L "$tmp/ok" 2> "$tmp/err"; then echo "L accepted"; exit 1; fi
grep -q 'not supported yet' "$tmp/err"
echo ok
