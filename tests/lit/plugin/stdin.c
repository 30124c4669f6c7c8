// RUN: echo 'int main(void) { return 0; }' | %not %dvmcc --no-cuda -x c - -c -o %t.o 2>&1 | FileCheck %s
// A source on standard input is refused with a message that says so.
// CHECK: error: cannot read the file '-' (C-DVMH sources are read from files, not from standard input)
// CHECK: 1 error generated.
