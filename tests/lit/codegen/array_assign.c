// RUN: %cdvmh %s -o - | grep -v "^// " | FileCheck %s
// A malloc'd distributed array assigned another one (pointer swapping):
// the descriptor, checked by the runtime; the source side is the
// descriptor as a pointer.
#include <stdlib.h>
#pragma dvm array distribute[block]
double *a;
#pragma dvm array align([i] with a[i])
double *b;
void k(int n)
{
    double *t;
    a = malloc(n * sizeof(double));
    b = malloc(n * sizeof(double));
    t = a;
    a = b;
    b = t;
}
// CHECK: t = ((void *)a);
// CHECK-NEXT: a = (__typeof__(a))dvmh_array_assigned(__FILE__, __LINE__, (void *)(((void *)b)));
// CHECK-NEXT: b = (__typeof__(b))dvmh_array_assigned(__FILE__, __LINE__, (void *)(t));
