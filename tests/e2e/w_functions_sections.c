/* Regions inside functions called from a loop, on heap arrays a caller
 * allocated with calloc; actual and get_actual of array sections; private
 * arrays in a parallel loop; nested intervals. */
#include <stdio.h>
#include <stdlib.h>

#define N 64
// TOLERANCE: 1e-10

#pragma dvm array distribute[block]
double *X;
#pragma dvm array align([i] with X[i])
double *Y;

#pragma dvm inherit(x, y)
static void smooth(double *x, double *y, int n, double w)
{
    int i;
#pragma dvm region
    {
#pragma dvm parallel([i] on y[i]) shadow_renew(x)
        for (i = 1; i < n - 1; i++)
            y[i] = w * x[i] + (1 - w) * 0.5 * (x[i - 1] + x[i + 1]);
#pragma dvm parallel([i] on x[i])
        for (i = 1; i < n - 1; i++)
            x[i] = y[i];
    }
}

int main(void)
{
    int i, k, step;
    double coef[N], s = 0;
    X = calloc(N, sizeof(double));
    Y = calloc(N, sizeof(double));
    for (i = 0; i < N; i++)
        coef[i] = 1.0 + (i % 5) * 0.1;
#pragma dvm region out(X, Y) in(coef)
    {
#pragma dvm parallel([i] on X[i]) private(k)
        for (i = 0; i < N; i++) {
            double tmp[4];
            for (k = 0; k < 4; k++)
                tmp[k] = coef[i] * (k + i % 3);
            X[i] = tmp[0] + tmp[1] * 0.5 + tmp[2] * 0.25 + tmp[3] * 0.125;
            Y[i] = 0;
        }
    }
#pragma dvm interval 1
    {
        for (step = 0; step < 6; step++) {
#pragma dvm interval 2
            {
                smooth(X, Y, N, 0.6);
            }
            if (step % 2 == 1) {
                /* the host changes the first coefficients and tells the runtime */
                for (i = 0; i < 8; i++)
                    coef[i] *= 1.5;
#pragma dvm actual(coef[0:7])
#pragma dvm region in(coef)
                {
#pragma dvm parallel([i] on X[i])
                    for (i = 0; i < N; i++)
                        X[i] += coef[i] * 0.01;
                }
            }
        }
    }
#pragma dvm get_actual(X[0:15])
    for (i = 0; i < 16; i += 5)
        printf("X[%d] = %.10f\n", i, X[i]);
#pragma dvm region
    {
#pragma dvm parallel([i] on X[i]) reduction(sum(s))
        for (i = 0; i < N; i++)
            s += X[i] * (i + 1) + Y[i];
    }
#pragma dvm get_actual(s)
    printf("sum %.10f\n", s);
    free(Y);
    free(X);
    return 0;
}
