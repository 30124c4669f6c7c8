// RUN: %not %cdvmh %s -o /dev/null 2>&1 | FileCheck %s
// A bare 'template' may only precede an extern declaration (the
// definition gives the sizes); the definition itself needs them.
// CHECK: template_bare.c:8:13: error: 'template' needs its sizes: template[N]...
// CHECK: 1 error generated.
#pragma dvm template
extern void *T;
#pragma dvm template
void *T;
