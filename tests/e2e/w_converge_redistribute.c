/* An iterative solver run until it converges (the iteration count depends
 * on a reduction the host reads each time), in the style of user programs:
 * the array is redistributed between two phases, a function receives the
 * distributed array as a parameter (inherit), a loop reads a row through
 * remote_access, an ordinary array is tied to the loop's iterations in a
 * region with in/out clauses, and a backward across sweep. */
#include <math.h>
#include <stdio.h>

#define N 40
#define M 36
// TOLERANCE: 1e-9

#pragma dvm array distribute[block][block], shadow[1:1][1:1]
double A[N][M];
#pragma dvm array align([i][j] with A[i][j])
double B[N][M];

static double rowsum[N];

#pragma dvm inherit(X)
static double norm_of(double X[N][M])
{
    double s = 0;
    int i, j;
#pragma dvm region
    {
#pragma dvm parallel([i][j] on X[i][j]) reduction(sum(s))
        for (i = 0; i < N; i++)
            for (j = 0; j < M; j++)
                s += X[i][j] * X[i][j];
    }
#pragma dvm get_actual(s)
    return sqrt(s);
}

int main(void)
{
    int i, j, it = 0;
    double eps = 1;
#pragma dvm region out(A, B)
    {
#pragma dvm parallel([i][j] on A[i][j])
        for (i = 0; i < N; i++)
            for (j = 0; j < M; j++) {
                A[i][j] = (i == 0 || j == 0 || i == N - 1 || j == M - 1) ? 1.0 + 0.01 * (i + j) : 0;
                B[i][j] = A[i][j];
            }
    }
    while (eps > 1e-3 && it < 90) {
        eps = 0;
#pragma dvm actual(eps)
#pragma dvm region
        {
#pragma dvm parallel([i][j] on B[i][j]) shadow_renew(A) reduction(max(eps))
            for (i = 1; i < N - 1; i++)
                for (j = 1; j < M - 1; j++) {
                    B[i][j] = 0.25 * (A[i - 1][j] + A[i + 1][j] + A[i][j - 1] + A[i][j + 1]);
                    eps = fmax(eps, fabs(B[i][j] - A[i][j]));
                }
#pragma dvm parallel([i][j] on A[i][j])
            for (i = 1; i < N - 1; i++)
                for (j = 1; j < M - 1; j++)
                    A[i][j] = B[i][j];
        }
#pragma dvm get_actual(eps)
        it++;
        if (it % 30 == 0)
            printf("it %d eps %.8e norm %.8f\n", it, eps, norm_of(A));
    }
    printf("converged after %d iterations, eps %.8e\n", it, eps);

#pragma dvm redistribute(A[block][*])
    /* every row's sum into an ordinary array, one row per iteration */
#pragma dvm region in(A) out(rowsum)
    {
#pragma dvm parallel([i] on A[i][]) tie(rowsum[i]) private(j)
        for (i = 0; i < N; i++) {
            double s = 0;
            for (j = 0; j < M; j++)
                s += A[i][j];
            rowsum[i] = s;
        }
    }
#pragma dvm get_actual(rowsum)
    for (i = 0; i < N; i += 9)
        printf("row %d sum %.8f\n", i, rowsum[i]);

    /* every row gets row 0 added through remote_access */
#pragma dvm region
    {
#pragma dvm parallel([i][j] on B[i][j]) remote_access(A[0][])
        for (i = 0; i < N; i++)
            for (j = 0; j < M; j++)
                B[i][j] = A[i][j] + A[0][j];
    }
    /* a backward sweep: each row takes half of the row below it */
#pragma dvm region
    {
#pragma dvm parallel([i][j] on A[i][j]) across(A[0:1][0:0])
        for (i = N - 2; i >= 0; i--)
            for (j = 0; j < M; j++)
                A[i][j] = 0.5 * (A[i][j] + A[i + 1][j]);
    }
    printf("norm A %.8f, norm B %.8f\n", norm_of(A), norm_of(B));
    return 0;
}
