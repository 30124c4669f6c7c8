/* Passing sub-arrays of a distributed 3-D array to functions from a
 * parallel loop: bar(A[i][j], ...) hands the function the K-long line at
 * (i, j) (local: the last dimension is not distributed), which it updates
 * in place and summarises; a second function reads one line of A and writes
 * the matching line of B. Style: a column-physics code (each (i, j) column
 * processed by a library routine), the reductions over the routine's
 * results. */
#include <math.h>
#include <stdio.h>

#define NI 16
#define NJ 12
#define NK 20
// TOLERANCE: 1e-9

#pragma dvm array distribute[block][block][]
double A[NI][NJ][NK];
#pragma dvm array align([i][j][k] with A[i][j][k])
double B[NI][NJ][NK];

/* smooths a column in place and returns its largest value */
static double bar(double col[NK], int n, double w)
{
    int k;
    double prev = col[0], mx = col[0], cur;
    for (k = 1; k < n - 1; k++) {
        cur = col[k];
        col[k] = (1 - w) * cur + w * 0.5 * (prev + col[k + 1]);
        prev = cur;
        if (col[k] > mx)
            mx = col[k];
    }
    return mx;
}

static void integrate(const double *in, double *out, int n)
{
    int k;
    double acc = 0;
    for (k = 0; k < n; k++) {
        acc += in[k];
        out[k] = acc / (k + 1);
    }
}

int main(void)
{
    int i, j, k, it;
    double top = 0, total = 0, m;
#pragma dvm region out(A, B)
    {
#pragma dvm parallel([i][j][k] on A[i][j][k])
        for (i = 0; i < NI; i++)
            for (j = 0; j < NJ; j++)
                for (k = 0; k < NK; k++) {
                    A[i][j][k] = sin(0.1 * (i + 2 * j + 3 * k)) + (k == NK / 2 ? 2.0 : 0.0);
                    B[i][j][k] = 0;
                }
    }
    for (it = 0; it < 3; it++) {
        top = 0;
#pragma dvm actual(top)
#pragma dvm region
        {
#pragma dvm parallel([i][j] on A[i][j][]) private(m) reduction(max(top))
            for (i = 0; i < NI; i++)
                for (j = 0; j < NJ; j++) {
                    m = bar(A[i][j], NK, 0.5);
                    if (m > top)
                        top = m;
                }
        }
#pragma dvm get_actual(top)
        printf("sweep %d: highest value %.6e\n", it, top);
    }
#pragma dvm region
    {
#pragma dvm parallel([i][j] on B[i][j][])
        for (i = 0; i < NI; i++)
            for (j = 0; j < NJ; j++)
                integrate(A[i][j], B[i][j], NK);
#pragma dvm parallel([i][j][k] on B[i][j][k]) reduction(sum(total))
        for (i = 0; i < NI; i++)
            for (j = 0; j < NJ; j++)
                for (k = 0; k < NK; k++)
                    total += B[i][j][k] * ((i + j + k) % 3 + 1);
    }
#pragma dvm get_actual(total)
    printf("integrated checksum %.6e\n", total);
    return 0;
}
