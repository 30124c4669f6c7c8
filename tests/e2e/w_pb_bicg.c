/* PolyBench bicg (s := A^T r, q := A p) in C-DVMH with A distributed by
 * columns ([][block]): s is aligned with A's columns and computed there,
 * q (a local fixed-size array) is an array reduction over the columns.
 * A, s, r and p are created with malloc. */
#include <stdio.h>
#include <stdlib.h>

#define M 70
#define N 82
// TOLERANCE: 1e-9

int main(void)
{
    int i, j;
    double qs = 0, ss = 0;
#pragma dvm array distribute[][block]
    double (*A)[M];
#pragma dvm array align([j] with A[][j])
    double *s;
    double *r, *p;
    double q[N];

    A = malloc(N * M * sizeof(double));
    s = malloc(M * sizeof(double));
    r = malloc(N * sizeof(double));
    p = malloc(M * sizeof(double));
    for (i = 0; i < M; i++)
        p[i] = (double)(i % M) / M;
    for (i = 0; i < N; i++) {
        r[i] = (double)(i % N) / N;
        q[i] = 0.0;
    }
#pragma dvm actual(q)
#pragma dvm region in(r, p) out(A, s) inout(q)
    {
#pragma dvm parallel([i][j] on A[i][j])
        for (i = 0; i < N; i++)
            for (j = 0; j < M; j++)
                A[i][j] = (double)(i * (j + 1) % N) / N;
#pragma dvm parallel([j] on A[][j]) private(i) reduction(sum(q))
        for (j = 0; j < M; j++) {
            s[j] = 0;
            for (i = 0; i < N; i++) {
                s[j] = s[j] + r[i] * A[i][j];
                q[i] = q[i] + A[i][j] * p[j];
            }
        }
#pragma dvm parallel([j] on s[j]) reduction(sum(ss))
        for (j = 0; j < M; j++)
            ss += s[j] * (j + 1);
    }
#pragma dvm get_actual(q, ss)
    for (i = 0; i < N; i++)
        qs += q[i] * (i % 5 + 1);
    printf("s weighted %.6e q weighted %.6e q[N/2] %.6e\n", ss, qs, q[N / 2]);
    free(p);
    free(r);
    free(s);
    free(A);
    return 0;
}
