/* Jacobi with double buffering by swapping the pointers of two malloc'd
 * distributed arrays, as C programs write a time loop (t = a; a = b;
 * b = t), in regions (the arrays' copies on accelerators follow the
 * descriptors) and outside them, 1-D and 2-D, with a function that takes
 * the current array through 'inherit'. Such an assignment was refused
 * ("can only be assigned the result of malloc or calloc"). */
// TOLERANCE: 1e-12
#include <stdio.h>
#include <stdlib.h>

#define N 40
#define M 24

#pragma dvm inherit(u)
static double edge_sum(double (*u)[M])
{
    double s = 0;
#pragma dvm region
    {
#pragma dvm parallel([i][j] on u[i][j]) reduction(sum(s))
        for (int i = 0; i < N; i++)
            for (int j = 0; j < M; j++)
                if (i == 0 || j == 0 || i == N - 1 || j == M - 1)
                    s += u[i][j];
    }
    return s;
}

int main(void)
{
#pragma dvm array distribute[block][block], shadow[1:1][1:1]
    double (*a)[M];
#pragma dvm array align([i][j] with a[i][j]), shadow[1:1][1:1]
    double (*b)[M];
    double (*t)[M];
#pragma dvm array distribute[block], shadow[1]
    double *x;
#pragma dvm array align([i] with x[i]), shadow[1]
    double *y;
    double *z;
    a = malloc(N * sizeof(*a));
    b = malloc(N * sizeof(*b));
    x = malloc(N * M * sizeof(double));
    y = malloc(N * M * sizeof(double));
#pragma dvm region
    {
#pragma dvm parallel([i][j] on a[i][j])
        for (int i = 0; i < N; i++)
            for (int j = 0; j < M; j++) {
                a[i][j] = (i == 0 || j == M - 1) ? 10 + i : (i * 7 + j * 3) % 5;
                b[i][j] = a[i][j];
            }
#pragma dvm parallel([i] on x[i])
        for (int i = 0; i < N * M; i++)
            x[i] = y[i] = i % 17;
    }
    for (int it = 0; it < 6; it++) {
        double eps = 0;
#pragma dvm region
        {
#pragma dvm parallel([i][j] on b[i][j]) shadow_renew(a) reduction(max(eps))
            for (int i = 1; i < N - 1; i++)
                for (int j = 1; j < M - 1; j++) {
                    b[i][j] = (a[i - 1][j] + a[i + 1][j] + a[i][j - 1] + a[i][j + 1]) / 4;
                    double d = b[i][j] > a[i][j] ? b[i][j] - a[i][j] : a[i][j] - b[i][j];
                    if (d > eps)
                        eps = d;
                }
        }
        t = a;
        a = b;
        b = t;
        /* 1-D, outside regions, every other step */
        if (it % 2 == 0) {
#pragma dvm parallel([i] on y[i]) shadow_renew(x)
            for (int i = 1; i < N * M - 1; i++)
                y[i] = (x[i - 1] + 2 * x[i] + x[i + 1]) / 4;
            z = x;
            x = y;
            y = z;
        }
        printf("it %d: eps %.6f edges %.6f a[5][5] %.6f x[9] %.6f\n", it, eps, edge_sum(a),
               a[5][5], x[9]);
    }
    free(a);
    free(b);
    free(x);
    free(y);
    return 0;
}
