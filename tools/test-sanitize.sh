#!/bin/sh
# The sanitizer run: the unit and mpi tests, the lit tests and the e2e programs of a
# build configured with -Db_sanitize=address,undefined (dvmcc of that build
# compiles the programs with the same sanitizers), on 1-2 processes, one
# thread, 0-1 emulated accelerators, without nvcc. Leaks reported in
# third-party libraries only are suppressed (tests/sanitize/*.supp).
#   tools/test-sanitize.sh BUILD_DIR [meson test options and test names...]
# (the suites unit, mpi, lit and e2e unless a --suite or a test name is given;
# options with a value as --option=value)
set -e
cd "$(dirname "$0")/.."
build=$1
shift
supp=$(pwd)/tests/sanitize
export ASAN_OPTIONS="halt_on_error=1:detect_leaks=1:allocator_may_return_null=1"
export LSAN_OPTIONS="suppressions=$supp/lsan.supp:print_suppressions=0"
export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1:suppressions=$supp/ubsan.supp"
# UCX (under MPICH) patches mmap's code at start-up, which breaks ASan's
# interceptor of it (a wild jump before main): it must hook no mmap
export UCX_MEM_MMAP_HOOK_MODE=none
export E2E_PROCS=1,2 E2E_THREADS=1 E2E_EMUS=0,1 CDVMH_NVCC=
suites="--suite unit --suite mpi --suite lit --suite e2e"
for a in "$@"; do
    case "$a" in
        --suite) suites="" ;;
        -*) ;;
        *) suites="" ;;
    esac
done
exec meson test -C "$build" $suites "$@"
