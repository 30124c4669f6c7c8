// RUN: %cdvmh %s -o - | grep -v "^// " | FileCheck %s
// RUN: %cdvmh %s -o %t.c && %clang -fsyntax-only -Wall -Werror -I%runtime_include %t.c
// An array parameter is a pointer in C: its first extent is -1 (the
// runtime finds it from the heap block), never sizeof(v) / sizeof(v[0]),
// which is the pointer's size (and a clang warning).
#define N 64
void f(double v[N], double w[N][4], double z[])
{
    int i;
#pragma dvm region
    {
#pragma dvm parallel([i]) tie(v[i], w[i][], z[i])
        for (i = 0; i < N; i++)
            v[i] = w[i][1] + z[i];
    }
#pragma dvm get_actual(v)
}
// CHECK: dvmh_region_data(v, 1, (dvmh_idx[]){-1}, sizeof((v)[0]), DVMH_INOUT, NULL);
// CHECK: dvmh_region_data(w, 2, (dvmh_idx[]){-1, (dvmh_idx)(sizeof((w)[0]) / sizeof((w)[0][0]))}, sizeof((w)[0][0]), DVMH_INOUT, NULL);
// CHECK: dvmh_region_data(z, 1, (dvmh_idx[]){-1}, sizeof((z)[0]), DVMH_INOUT, NULL);
// CHECK: dvmh_loop_data(dvmh_L, v, 1, (dvmh_idx[]){-1}, sizeof((v)[0]), DVMH_READ | DVMH_WRITE | DVMH_DENSE);
// CHECK: dvmh_get_actual_data(__FILE__, __LINE__, v, 1, (dvmh_idx[]){-1}, sizeof((v)[0]), NULL);
