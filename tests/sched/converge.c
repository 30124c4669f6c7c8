/* converge.c: a Jacobi sweep repeated in one region per step, the load the
 * scheduling tests balance (tests/sched/sched_test.py). Arguments: the grid
 * size, the number of steps and the work per point (a smoothing repeated
 * that many times: pieces long enough that their times are not noise). The
 * work per row is the same, so the best split gives each device rows in
 * proportion to its speed. */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 400;
    int steps = argc > 2 ? atoi(argv[2]) : 30;
    int reps = argc > 3 ? atoi(argv[3]) : 1;
    int i, j, t;
    double s = 0;
#pragma dvm array distribute[block][]
    double (*A)[n];
#pragma dvm array align([i][j] with A[i][j])
    double (*B)[n];
    A = malloc(sizeof(double) * n * n);
    B = malloc(sizeof(double) * n * n);
#pragma dvm region out(A, B)
    {
#pragma dvm parallel([i][j] on A[i][j])
        for (i = 0; i < n; i++)
            for (j = 0; j < n; j++) {
                A[i][j] = (double)(i * 7 + j * 3) / n;
                B[i][j] = 0;
            }
    }
    for (t = 0; t < steps; t++) {
#pragma dvm region
        {
#pragma dvm parallel([i][j] on B[i][j]) shadow_renew(A)
            for (i = 1; i < n - 1; i++)
                for (j = 1; j < n - 1; j++) {
                    double v = 0.25 * (A[i - 1][j] + A[i + 1][j] + A[i][j - 1] + A[i][j + 1]);
                    double w = v;
                    for (int k = 0; k < reps; k++)
                        w = 0.5 * w + 0.5 * v;
                    B[i][j] = w;
                }
#pragma dvm parallel([i][j] on A[i][j])
            for (i = 1; i < n - 1; i++)
                for (j = 1; j < n - 1; j++)
                    A[i][j] = B[i][j];
        }
    }
#pragma dvm region
    {
#pragma dvm parallel([i][j] on A[i][j]) reduction(sum(s))
        for (i = 0; i < n; i++)
            for (j = 0; j < n; j++)
                s += A[i][j];
    }
#pragma dvm get_actual(s)
    printf("sum %.6e\n", s);
    free(A);
    free(B);
    return 0;
}
