# bench/helpers.sh: what run.sh and gpu_rows.sh share (sourced by both).
# time_of: the last "time=T" a benchmark printed (stdin); ratio A B: A / B
# with two decimals, "n/a" without both.
time_of() { sed -n 's/.*time=\([0-9.e+-]*\).*/\1/p' | tail -1; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (a != "" && b > 0) printf "%.2f", a / b; else print "n/a" }'; }
