// RUN: %cdvmh %s -o - | grep -v "^// " | FileCheck %s
// RUN: %cdvmh %s -o %t.c && %clang -fsyntax-only -Wall -Werror -I%runtime_include %t.c
// DVMH_DENSE: every iteration writes the element its one-offset reach
// gives (an assignment among the innermost body's statements, no jumps),
// so a region's 'out' data need not be copied in where the iterations
// write (with unit steps: the runtime checks the steps). Anything less
// and the unwritten elements must keep their values: no flag.
#define N 16
double a[N][N], b[N][N], c[N], d[N], e[N], f[N], g[N][N];
void k(int n)
{
    int i, j;
#pragma dvm region out(a, b, c, d, e, f, g)
    {
// CHECK: dvmh_loop_data(dvmh_L, a, {{.*}}, DVMH_READ | DVMH_WRITE | DVMH_DENSE);
// CHECK: dvmh_loop_data(dvmh_L, b, {{.*}}, DVMH_READ | DVMH_WRITE);
#pragma dvm parallel([i][j]) tie(a[i][j], b[i][j])
        for (i = 0; i < N; i++)
            for (j = 0; j < N; j++) {
                double t = i + j;
                a[i][j] = t;
                if (t > n)
                    b[i][j] = t;
            }
// an if/else that writes the element in both branches is dense
// CHECK: dvmh_loop_data(dvmh_L, g, {{.*}}, DVMH_READ | DVMH_WRITE | DVMH_DENSE);
#pragma dvm parallel([i][j]) tie(g[i][j])
        for (i = 0; i < N; i++)
            for (j = 0; j < N; j++)
                if (i == j)
                    g[i][j] = 1;
                else {
                    g[i][j] = 0;
                }
// a step of 2 keeps the flag: the runtime sees the step
// CHECK: dvmh_loop_data(dvmh_L, c, {{.*}}, DVMH_READ | DVMH_WRITE | DVMH_DENSE);
#pragma dvm parallel([i]) tie(c[i])
        for (i = 0; i < N; i += 2)
            c[i] += i;
// a jump in the body may skip the write
// CHECK: dvmh_loop_data(dvmh_L, d, {{.*}}, DVMH_READ | DVMH_WRITE);
#pragma dvm parallel([i]) tie(d[i])
        for (i = 0; i < N; i++) {
            if (i == n)
                continue;
            d[i] = i;
        }
// references at two offsets: the reach is not one element
// CHECK: dvmh_loop_data(dvmh_L, e, {{.*}}, DVMH_READ | DVMH_WRITE);
#pragma dvm parallel([i]) tie(e[i])
        for (i = 1; i < N; i++)
            e[i] = e[i - 1];
// a constant subscript is not a loop variable's image; a diagonal writes
// one element of each row
// CHECK: dvmh_loop_data(dvmh_L, f, {{.*}}, DVMH_READ | DVMH_WRITE);
// CHECK: dvmh_loop_data(dvmh_L, g, {{.*}}, DVMH_READ | DVMH_WRITE);
#pragma dvm parallel([i]) tie(f[i], g[i][i])
        for (i = 0; i < N; i++) {
            f[0] = i;
            g[i][i] = i;
        }
    }
}
