/* PolyBench 2mm (D := alpha*A*B*C + beta*D) in C-DVMH: tmp distributed by
 * rows, A and D aligned with tmp's rows, B and C ordinary arrays; both
 * products in one region, the kernel a function whose array parameters are
 * inherited (#pragma dvm inherit) from the caller's global arrays. */
#include <stdio.h>

#define NI 48
#define NJ 40
#define NK 56
#define NL 44
// TOLERANCE: 1e-9

#pragma dvm array distribute[block][]
double tmp[NI][NJ];
#pragma dvm array align([i][k] with tmp[i][])
double A[NI][NK];
#pragma dvm array align([i][l] with tmp[i][])
double D[NI][NL];
double B[NK][NJ], C[NJ][NL];

#pragma dvm inherit(tmp, A, D)
static void kernel_2mm(double alpha, double beta, double tmp[NI][NJ], double A[NI][NK],
                       double B[NK][NJ], double C[NJ][NL], double D[NI][NL])
{
    int i, j, k;
#pragma dvm region
    {
/* GPU-ALONE-HOST: B and C come as pointers to static arrays, memory the runtime does not track */
#pragma dvm parallel([i][j] on tmp[i][j]) private(k)
        for (i = 0; i < NI; i++)
            for (j = 0; j < NJ; j++) {
                tmp[i][j] = 0.0;
                for (k = 0; k < NK; ++k)
                    tmp[i][j] += alpha * A[i][k] * B[k][j];
            }
/* GPU-ALONE-HOST: B and C come as pointers to static arrays, memory the runtime does not track */
#pragma dvm parallel([i][j] on D[i][j]) private(k)
        for (i = 0; i < NI; i++)
            for (j = 0; j < NL; j++) {
                D[i][j] *= beta;
                for (k = 0; k < NJ; ++k)
                    D[i][j] += tmp[i][k] * C[k][j];
            }
    }
}

int main(void)
{
    int i, j;
    double s = 0, t = 0;
    for (i = 0; i < NK; i++)
        for (j = 0; j < NJ; j++)
            B[i][j] = (double)(i * (j + 1) % NJ) / NJ;
    for (i = 0; i < NJ; i++)
        for (j = 0; j < NL; j++)
            C[i][j] = (double)((i * (j + 3) + 1) % NL) / NL;
#pragma dvm region out(A, D)
    {
#pragma dvm parallel([i][j] on A[i][j])
        for (i = 0; i < NI; i++)
            for (j = 0; j < NK; j++)
                A[i][j] = (double)((i * j + 1) % NI) / NI;
#pragma dvm parallel([i][j] on D[i][j])
        for (i = 0; i < NI; i++)
            for (j = 0; j < NL; j++)
                D[i][j] = (double)(i * (j + 2) % NK) / NK;
    }
    kernel_2mm(1.5, 1.2, tmp, A, B, C, D);
#pragma dvm region
    {
#pragma dvm parallel([i][j] on D[i][j]) reduction(sum(s), sum(t))
        for (i = 0; i < NI; i++)
            for (j = 0; j < NL; j++) {
                s += D[i][j] * (1 + (i + j) % 5);
                t += tmp[i][j % NJ];
            }
    }
#pragma dvm get_actual(s, t)
    printf("D checksum %.6e tmp sum %.6e\n", s, t);
    return 0;
}
