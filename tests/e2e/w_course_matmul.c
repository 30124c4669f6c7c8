/* A parallel-programming course's matrix multiplication: sizes from the
 * command line, matrices created with malloc as pointers to rows, A and C
 * distributed by rows and B not distributed, the inner product loop with a
 * cuda_block clause, regions with targets, the time taken measured with
 * dvmh_wtime() under #ifdef _DVMH and printed to stderr (stdout carries the
 * results only), and a trace check against the closed form. */
#include <stdio.h>
#include <stdlib.h>
// ARGS: 48 40
// TOLERANCE: 1e-9

int main(int argc, char **argv)
{
    int n = 32, m = 32, i, j, k;
    double t0 = 0, t1 = 0, tr = 0, s = 0;
    if (argc > 2) {
        n = atoi(argv[1]);
        m = atoi(argv[2]);
    }
#pragma dvm array distribute[block][]
    double (*A)[m];
#pragma dvm array align([i][j] with A[i][])
    double (*C)[n];
    double (*B)[n];
    A = malloc(sizeof(double) * n * m);
    C = malloc(sizeof(double) * n * n);
    B = malloc(sizeof(double) * m * n);
    for (k = 0; k < m; k++)
        for (j = 0; j < n; j++)
            B[k][j] = (k + 1) * 0.5 - j * 0.25;
#pragma dvm actual(B)
#ifdef _DVMH
    t0 = dvmh_wtime();
#endif
#pragma dvm region in(B) out(A, C) targets(HOST, CUDA)
    {
#pragma dvm parallel([i][k] on A[i][k]) cuda_block(32, 4)
        for (i = 0; i < n; i++)
            for (k = 0; k < m; k++)
                A[i][k] = (i + k) % 7 - 3.0;
#pragma dvm parallel([i][j] on C[i][j]) private(k) cuda_block(16, 16)
        for (i = 0; i < n; i++)
            for (j = 0; j < n; j++) {
                double acc = 0;
                for (k = 0; k < m; k++)
                    acc += A[i][k] * B[k][j];
                C[i][j] = acc;
            }
    }
#pragma dvm region targets(HOST)
    {
#pragma dvm parallel([i][j] on C[i][j]) reduction(sum(tr), sum(s))
        for (i = 0; i < n; i++)
            for (j = 0; j < n; j++) {
                if (i == j)
                    tr += C[i][j];
                s += C[i][j] * ((i * 3 + j) % 5);
            }
    }
#pragma dvm get_actual(tr, s)
#ifdef _DVMH
    t1 = dvmh_wtime();
#endif
    printf("n=%d m=%d trace=%.6e checksum=%.6e\n", n, m, tr, s);
    fprintf(stderr, "time %.3f s\n", t1 - t0);
    free(B);
    free(C);
    free(A);
    return tr != 0 ? 0 : 1;
}
