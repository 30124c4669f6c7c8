/* PolyBench gemm (C := alpha*A*B + beta*C) as ported by hand to C-DVMH:
 * C distributed by rows, A aligned with C's rows (its second dimension
 * collapsed), B an ordinary array set on the host before the region; the
 * kernel is a function without parameters on global arrays, the result a
 * weighted checksum instead of PolyBench's dump. */
#include <stdio.h>

#define NI 60
#define NJ 70
#define NK 50
#define DATA_TYPE double
#define DATA_PRINTF_MODIFIER "%.6e "
// TOLERANCE: 1e-9

#pragma dvm array distribute[block][]
DATA_TYPE C[NI][NJ];
#pragma dvm array align([i][k] with C[i][])
DATA_TYPE A[NI][NK];
DATA_TYPE B[NK][NJ];
DATA_TYPE alpha, beta;

static void init_array(void)
{
    int i, j;
    alpha = 1.5;
    beta = 1.2;
    for (i = 0; i < NK; i++)
        for (j = 0; j < NJ; j++)
            B[i][j] = (DATA_TYPE)(i * (j + 2) % NJ) / NJ;
#pragma dvm region out(C, A)
    {
#pragma dvm parallel([i][j] on C[i][j])
        for (i = 0; i < NI; i++)
            for (j = 0; j < NJ; j++)
                C[i][j] = (DATA_TYPE)((i * j + 1) % NI) / NI;
#pragma dvm parallel([i][j] on A[i][j])
        for (i = 0; i < NI; i++)
            for (j = 0; j < NK; j++)
                A[i][j] = (DATA_TYPE)(i * (j + 1) % NK) / NK;
    }
}

static void kernel_gemm(void)
{
    int i, j, k;
#pragma dvm region in(A, B, alpha, beta) inout(C)
    {
#pragma dvm parallel([i][j] on C[i][j]) private(k)
        for (i = 0; i < NI; i++)
            for (j = 0; j < NJ; j++) {
                C[i][j] *= beta;
                for (k = 0; k < NK; k++)
                    C[i][j] += alpha * A[i][k] * B[k][j];
            }
    }
}

static void print_array(void)
{
    int i, j;
    DATA_TYPE sum = 0, corner;
#pragma dvm region
    {
#pragma dvm parallel([i][j] on C[i][j]) reduction(sum(sum))
        for (i = 0; i < NI; i++)
            for (j = 0; j < NJ; j++)
                sum += C[i][j] * ((i * NJ + j) % 13 + 1);
    }
#pragma dvm get_actual(sum, C[NI - 1][NJ - 1])
    corner = C[NI - 1][NJ - 1];
    printf("checksum ");
    printf(DATA_PRINTF_MODIFIER, sum);
    printf("\ncorner ");
    printf(DATA_PRINTF_MODIFIER, corner);
    printf("\n");
}

int main(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    init_array();
    kernel_gemm();
    print_array();
    return 0;
}
