#!/bin/sh
# expect_failure.sh MPIEXEC N PROGRAM TEXT: runs PROGRAM on N processes and
# succeeds only if it exits non-zero (in time) and its stderr names TEXT.
mpiexec=$1 n=$2 program=$3 text=$4
err=$(timeout 30 "$mpiexec" -n "$n" "$program" 2>&1 >/dev/null)
status=$?
if [ "$status" -eq 0 ]; then echo "expected a failure, got status 0"; exit 1; fi
if [ "$status" -eq 124 ]; then echo "hung (timed out)"; exit 1; fi
case "$err" in *"$text"*) exit 0 ;; esac
echo "stderr does not name $text:"; echo "$err"; exit 1
