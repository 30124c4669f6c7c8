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
grep -q "^dvmh-map: $tmp/bad: line 3: " "$tmp/err"
# Algorithm L: the hand-checked instance of test_map.c.
printf '4 2 3\n5 3 2 2\n0 1 1\n0 2 4\n3 2 1\n' > "$tmp/l"
"$tool" --algo L "$tmp/l" > "$tmp/out"
printf '0 0 5\n1 0 4\n1 4 10\n0 5 7\nmakespan 11\n' | diff - "$tmp/out"
printf '4 2 3\n5 3 2 2\n0 1 1\n0 9 4\n' > "$tmp/lbad"
if "$tool" --algo L "$tmp/lbad" 2> "$tmp/err"; then echo "bad L file accepted"; exit 1; fi
grep -q "^dvmh-map: $tmp/lbad: line 4: " "$tmp/err"
# Algorithm S: the hand-checked DAG of test_map.c.
printf '4 4 4\n2 4\n4 8\n2 2\n1 1\n0 1 3\n0 2 1\n1 3 2\n2 3 1\n' > "$tmp/s"
"$tool" --algo S "$tmp/s" > "$tmp/out"
printf '0 2 0 2\n0 4 2 4\n1 2 3 4\n0 1 5 6\nmakespan 6 nodes 2\n' | diff - "$tmp/out"
printf '2 2 4\n1 3\n2 2\n0 1 1\n1 0 1\n' > "$tmp/sbad"
if "$tool" --algo S "$tmp/sbad" 2> "$tmp/err"; then echo "cyclic S file accepted"; exit 1; fi
grep -q "^dvmh-map: $tmp/sbad: line [0-9]*: the edges form a cycle" "$tmp/err"
if "$tool" --algo X "$tmp/ok" 2> "$tmp/err"; then echo "unknown algorithm accepted"; exit 1; fi
"$tool" --help | grep -q "receives"
echo ok
