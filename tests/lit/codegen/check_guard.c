// The suite's FileCheck is filecheck_guard.py: it refuses an input that
// holds the test's own check lines (the rewriter keeps the source's
// comments), since each would match itself whatever was generated. Here
// the SELF line is only in the source: the guard stops it; with the
// comments filtered out, FileCheck looks for it in the output and fails.
// RUN: %cdvmh %s -o %t.c
// RUN: %not FileCheck %s --check-prefix=SELF --input-file %t.c 2>&1 | FileCheck %s --check-prefix=GUARD
// RUN: grep -v "^// " %t.c | %not FileCheck %s --check-prefix=SELF
#pragma dvm array distribute[block]
double A[4];
// SELF: this text is only in the source
// GUARD: filecheck_guard: the input of FileCheck holds its own check lines
// GUARD-NEXT: input line {{[0-9]+}}: // {{SELF}}: this text is only in the source
