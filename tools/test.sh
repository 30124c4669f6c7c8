#!/bin/sh
# The whole test suite from a clean build: installs the Debian packages the
# project needs, configures, builds, runs every test, and ends with the line
# "N passed, N failed" (", N skipped" when some are skipped). Warnings are
# errors here (CI runs this script); a plain meson setup only reports them.
# Two builds: BUILD_DIR (default build-test) with the libFuzzer targets
# (-Dfuzz=true: suite fuzz), and BUILD_DIR-san with
# -Db_sanitize=address,undefined, where tools/test-sanitize.sh runs the
# unit, lit and e2e suites on a reduced matrix (SANITIZE=0 skips it).
set -e
cd "$(dirname "$0")/.."
./tools/setup-deps.sh
build=${BUILD_DIR:-build-test}
san=$build-san
rm -rf "$build" "$san"
CC=clang-19 CXX=clang++-19 meson setup "$build" --buildtype=debugoptimized -Dwerror=true \
    -Dfuzz=true >/dev/null
ninja -C "$build" -j"${JOBS:-2}"
if [ "${SANITIZE:-1}" != 0 ]; then
    CC=clang-19 CXX=clang++-19 meson setup "$san" --buildtype=debugoptimized -Dwerror=true \
        -Db_sanitize=address,undefined -Db_lundef=false >/dev/null
    ninja -C "$san" -j"${JOBS:-2}"
fi
set +e
meson test -C "$build" --num-processes 2 --print-errorlogs
logs="$build/meson-logs/testlog.json"
if [ "${SANITIZE:-1}" != 0 ]; then
    ./tools/test-sanitize.sh "$san" --num-processes=2 --print-errorlogs
    logs="$logs $san/meson-logs/testlog.json"
fi
python3 tools/test-summary.py $logs
