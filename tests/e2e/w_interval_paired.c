/* The DVM system's paired interval form: "interval [id]" and "endinterval"
 * bracket statements of one block (a region, a time loop, I/O), nested
 * intervals, and "exitinterval id, ..." before a break or return that leaves
 * them early. Style: a 2-D Jacobi port instrumented for the DVM performance
 * analyser. Intervals change no result. */
#include <math.h>
#include <stdio.h>

#define N 48
#define ITMAX 40
#define MAXEPS 0.06
// TOLERANCE: 1e-9

#pragma dvm array distribute[block][block]
double A[N][N];
#pragma dvm array align([i][j] with A[i][j])
double B[N][N];

int main(void)
{
    int i, j, it;
    double eps = 0, s = 0;

#pragma dvm interval 10
#pragma dvm region out(A, B)
    {
#pragma dvm parallel([i][j] on A[i][j])
        for (i = 0; i < N; i++)
            for (j = 0; j < N; j++) {
                A[i][j] = 0;
                B[i][j] = (i == 0 || j == 0 || i == N - 1 || j == N - 1) ? 0 : 1.0 + (i * j) % 5;
            }
    }
#pragma dvm endinterval

#pragma dvm interval 20
    for (it = 1; it <= ITMAX; it++) {
#pragma dvm interval 21
        eps = 0;
#pragma dvm actual(eps)
#pragma dvm region
        {
#pragma dvm parallel([i][j] on A[i][j]) reduction(max(eps))
            for (i = 1; i < N - 1; i++)
                for (j = 1; j < N - 1; j++) {
                    eps = fmax(eps, fabs(B[i][j] - A[i][j]));
                    A[i][j] = B[i][j];
                }
#pragma dvm parallel([i][j] on B[i][j]) shadow_renew(A)
            for (i = 1; i < N - 1; i++)
                for (j = 1; j < N - 1; j++)
                    B[i][j] = (A[i - 1][j] + A[i + 1][j] + A[i][j - 1] + A[i][j + 1]) / 4;
        }
#pragma dvm get_actual(eps)
        if (eps < MAXEPS) {
            printf("converged at it=%d eps=%.8e\n", it, eps);
#pragma dvm exitinterval 21, 20
            goto done;
        }
#pragma dvm endinterval
    }
#pragma dvm endinterval
    printf("no convergence, eps=%.8e\n", eps);
done:
#pragma dvm interval
#pragma dvm region
    {
#pragma dvm parallel([i][j] on A[i][j]) reduction(sum(s))
        for (i = 0; i < N; i++)
            for (j = 0; j < N; j++)
                s += A[i][j] * ((i + 3 * j) % 7);
    }
#pragma dvm get_actual(s)
    printf("checksum %.6e\n", s);
#pragma dvm endinterval
    return 0;
}
