// RUN: %cdvmh %s -o - | grep -v "^// " | FileCheck %s
// A file without directives and without edits comes out as it went in
// (the rewriter's fuzzer found the renderer sorting a NULL edit list;
// the sanitizer build runs this test).
// CHECK: {{^}}int x;
int x;
