/* A student's red-black Gauss-Seidel: the red and the black points in two
 * parallel loops with a parity test in the body (the DVM system's
 * example's form), shadow_renew before each colour, the relaxation factor
 * and the array sizes as globals, float data, the maximum change as a max
 * reduction; ends by printing the error against the exact solution. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define N 34
#define ITMAX 12
// TOLERANCE: 1e-5

float w = 1.25f;

int main(void)
{
    int i, j, it;
    float eps = 0.f, err = 0.f;
    double h = 1.0 / (N - 1);
#pragma dvm array distribute[block][block]
    float (*A)[N];
    A = malloc(N * N * sizeof(float));

#pragma dvm region out(A)
    {
#pragma dvm parallel([i][j] on A[i][j])
        for (i = 0; i < N; i++)
            for (j = 0; j < N; j++)
                if (i == 0 || i == N - 1 || j == 0 || j == N - 1)
                    A[i][j] = (float)(i * h + j * h);
                else
                    A[i][j] = 0.f;
    }

    for (it = 1; it <= ITMAX; it++) {
        eps = 0.f;
#pragma dvm actual(eps)
#pragma dvm region
        {
#pragma dvm parallel([i][j] on A[i][j]) shadow_renew(A), reduction(max(eps))
            for (i = 1; i < N - 1; i++)
                for (j = 1; j < N - 1; j++)
                    if ((i + j) % 2 == 1) {
                        float s = A[i][j];
                        A[i][j] = (w / 4) * (A[i - 1][j] + A[i + 1][j] + A[i][j - 1] + A[i][j + 1]) + (1 - w) * A[i][j];
                        eps = fmaxf(fabsf(s - A[i][j]), eps);
                    }
#pragma dvm parallel([i][j] on A[i][j]) shadow_renew(A), reduction(max(eps))
            for (i = 1; i < N - 1; i++)
                for (j = 1; j < N - 1; j++)
                    if ((i + j) % 2 == 0) {
                        float s = A[i][j];
                        A[i][j] = (w / 4) * (A[i - 1][j] + A[i + 1][j] + A[i][j - 1] + A[i][j + 1]) + (1 - w) * A[i][j];
                        eps = fmaxf(fabsf(s - A[i][j]), eps);
                    }
        }
#pragma dvm get_actual(eps)
        if (it % 3 == 0)
            printf("it=%4i   eps=%.5e\n", it, eps);
    }

#pragma dvm region
    {
#pragma dvm parallel([i][j] on A[i][j]) reduction(max(err))
        for (i = 0; i < N; i++)
            for (j = 0; j < N; j++)
                err = fmaxf(err, fabsf(A[i][j] - (float)(i * h + j * h)));
    }
#pragma dvm get_actual(err)
    printf("max error %.4e\n", err);
    free(A);
    return 0;
}
