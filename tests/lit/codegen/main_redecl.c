// RUN: %cdvmh %s -o - | grep -v "^// " | FileCheck %s
// An array or template declared with its directive (extern, as a header
// would) and defined later in the same file without one: the definition
// takes the directive (not an ordinary array declared beside it: that is
// refused, diag/main_redecl_mixed.c); a definition with a directive of its
// own keeps it.
#define N 8
#pragma dvm template[N] distribute[block]
extern void *T;
#pragma dvm array align([i] with T[i])
extern double U[N];
#pragma dvm array distribute[block]
extern float W[N];
// CHECK: extern dvmh_template *T;
// CHECK: extern dvmh_array *U;
// CHECK: extern dvmh_array *W;
void *T;
double U[N];
double V[N];
#pragma dvm array distribute[block]
float W[N];
// CHECK: dvmh_template *T;
// CHECK-NEXT: dvmh_array *U;
// CHECK-NEXT: double V[N];
// CHECK: dvmh_array *W;
int main(void)
{
    int i;
#pragma dvm parallel([i] on U[i])
    for (i = 0; i < N; i++)
        U[i] = V[i] + W[i];
    return 0;
}
// CHECK: T = dvmh_template_create(__FILE__, 17, 1, (dvmh_idx[]){(N)}, (dvmh_distr[]){{[{][{]}}DVMH_DISTR_BLOCK, NULL, 0, 0}});
// CHECK: U = dvmh_array_create(__FILE__, 18, 1, sizeof(double)
// CHECK-NOT: V = dvmh_array_create
// CHECK: W = dvmh_array_create(__FILE__, 21, 1, sizeof(float)
