#!/bin/sh
# expect_output.sh MPIEXEC N EXPECTED PROGRAM ARGS...: runs PROGRAM on N
# processes (within 60 s) and succeeds only if it exits 0 and its stdout
# equals the file EXPECTED exactly. Standard input: the file named by
# $STDIN_FILE, else nothing.
mpiexec=$1 n=$2 expected=$3
shift 3
out=$(mktemp) || exit 1
timeout 60 "$mpiexec" -n "$n" "$@" < "${STDIN_FILE:-/dev/null}" > "$out"
status=$?
if [ "$status" -ne 0 ]; then echo "exit status $status"; rm -f "$out"; exit 1; fi
if ! diff -u "$expected" "$out"; then rm -f "$out"; exit 1; fi
rm -f "$out"
