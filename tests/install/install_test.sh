#!/bin/sh
# Installs the build into a temporary directory, then builds and runs the
# example projects of samples/projects (make, CMake, meson) against it, and
# checks cdvmh-config and pkg-config. Usage: install_test.sh BUILD_DIR SOURCE_DIR
set -eu
build=$1
src=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
DESTDIR="$tmp/dest" meson install -C "$build" --no-rebuild >/dev/null
prefix=$(cd "$tmp/dest" && find . -name cdvmh-config -path '*/bin/*' | head -n 1 | sed 's|/bin/cdvmh-config$||')
prefix="$tmp/dest/${prefix#./}"
expect='sum=499500'
fail() { echo "FAIL: $*"; exit 1; }

# the config tool follows the prefix it is installed in
"$prefix/bin/cdvmh-config" --cflags | grep -q -- "-fplugin=$prefix/" || fail "cdvmh-config --cflags"
"$prefix/bin/cdvmh-config" --libs | grep -q -- "$prefix/.*libdvmh.a" || fail "cdvmh-config --libs"
test -f "$("$prefix/bin/cdvmh-config" --plugin)" || fail "cdvmh-config --plugin"
pcdir=$(dirname "$(find "$prefix" -name cdvmh.pc | head -n 1)")
PKG_CONFIG_PATH=$pcdir pkg-config --cflags cdvmh | grep -q -- "-fplugin=" || fail "pkg-config --cflags"
plugin=$(PKG_CONFIG_PATH=$pcdir pkg-config --variable=plugin cdvmh)
test -f "$plugin" || fail "pkg-config plugin variable: $plugin"

# make
cp -r "$src/samples/projects/make" "$tmp/make"
make -s -C "$tmp/make" DVMCC="$prefix/bin/dvmcc" >/dev/null
[ "$("$tmp/make/sum")" = "$expect" ] || fail "make project"
[ "$(DVMH_NUM_THREADS=2 "$tmp/make/sum")" = "$expect" ] || fail "make project, 2 threads"
# the installed dvmh-report reads the trace of the installed runtime
DVMH_TRACE="$tmp/sum.json" "$tmp/make/sum" >/dev/null || fail "make project, traced"
"$prefix/bin/dvmh-report" "$tmp/sum.json" | grep -q "parallel efficiency" || fail "dvmh-report"

# CMake
cc=$("$prefix/bin/cdvmh-config" --cc)
cmake -S "$src/samples/projects/cmake" -B "$tmp/cmake" -DCMAKE_C_COMPILER="$cc" \
      -DCMAKE_PREFIX_PATH="$prefix" >/dev/null
cmake --build "$tmp/cmake" >/dev/null
[ "$("$tmp/cmake/sum")" = "$expect" ] || fail "CMake project"

# meson, through pkg-config
CC="$cc" PKG_CONFIG_PATH=$pcdir meson setup "$tmp/meson" "$src/samples/projects/meson" >/dev/null
ninja -C "$tmp/meson" >/dev/null
[ "$("$tmp/meson/sum")" = "$expect" ] || fail "meson project"
echo "install test: make, CMake and meson projects built and ran against $prefix"

# meson, with this project as a subproject (dependency fallback)
mkdir -p "$tmp/sub/subprojects"
cp "$src/samples/projects/meson/sum.c" "$tmp/sub/"
sed "s/dependency('cdvmh')/dependency('cdvmh', fallback : ['cdvmh', 'cdvmh_dep'])/" \
    "$src/samples/projects/meson/meson.build" > "$tmp/sub/meson.build"
ln -s "$src" "$tmp/sub/subprojects/cdvmh"
CC="$cc" CXX=clang++-19 meson setup "$tmp/sub/b" "$tmp/sub" --force-fallback-for=cdvmh >/dev/null
ninja -C "$tmp/sub/b" sum >/dev/null
[ "$("$tmp/sub/b/sum")" = "$expect" ] || fail "meson subproject"
echo "install test: meson subproject built and ran"
