#!/bin/sh
# Sets up everything on a fresh Debian 12 machine, builds the compiler and
# the runtime, then compiles and runs a sample program with dvmcc.
set -e
cd "$(dirname "$0")/.."
./tools/setup-deps.sh
build=${BUILD_DIR:-build}
if [ ! -f "$build/build.ninja" ]; then
    CC=clang-19 CXX=clang++-19 meson setup "$build" --buildtype=release
fi
ninja -C "$build" -j"${JOBS:-2}"
"$build/tools/dvmcc" -O2 samples/jacobi2d.c -o "$build/jacobi2d"
echo "--- $build/jacobi2d on all cores:"
"$build/jacobi2d"
