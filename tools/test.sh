#!/bin/sh
# The whole test suite from a clean build: installs the Debian packages the
# project needs, configures, builds, runs every test, and ends with the line
# "N passed, N failed" (", N skipped" when some are skipped). Warnings are
# errors here (CI runs this script); a plain meson setup only reports them.
set -e
cd "$(dirname "$0")/.."
./tools/setup-deps.sh
build=${BUILD_DIR:-build-test}
rm -rf "$build"
CC=clang-19 CXX=clang++-19 meson setup "$build" --buildtype=debugoptimized -Dwerror=true >/dev/null
ninja -C "$build" -j"${JOBS:-2}"
set +e
meson test -C "$build" --num-processes 2 --print-errorlogs
python3 tools/test-summary.py "$build/meson-logs/testlog.json"
