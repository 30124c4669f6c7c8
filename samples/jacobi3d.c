/* Jacobi-3D on a 3-D block distribution, float data. */
#include <math.h>
#include <stdio.h>

#define N 40
#define ITMAX 10
// TOLERANCE: 1e-5

#pragma dvm array distribute[block][block][block]
float A[N][N][N];
#pragma dvm array align([i][j][k] with A[i][j][k])
float B[N][N][N];

int main(void)
{
    int it, i, j, k;
    float eps;
    double sum = 0;
#pragma dvm parallel([i][j][k] on A[i][j][k])
    for (i = 0; i < N; i++)
        for (j = 0; j < N; j++)
            for (k = 0; k < N; k++) {
                A[i][j][k] = 0;
                B[i][j][k] = (i == 0 || j == 0 || k == 0 || i == N - 1 || j == N - 1 || k == N - 1)
                                 ? 0.f : (float)(4 + i + j + k);
            }
    for (it = 1; it <= ITMAX; it++) {
        eps = 0;
#pragma dvm region
        {
#pragma dvm parallel([i][j][k] on A[i][j][k]) reduction(max(eps))
            for (i = 1; i < N - 1; i++)
                for (j = 1; j < N - 1; j++)
                    for (k = 1; k < N - 1; k++) {
                        float d = fabsf(B[i][j][k] - A[i][j][k]);
                        if (d > eps)
                            eps = d;
                        A[i][j][k] = B[i][j][k];
                    }
#pragma dvm parallel([i][j][k] on B[i][j][k]) shadow_renew(A)
            for (i = 1; i < N - 1; i++)
                for (j = 1; j < N - 1; j++)
                    for (k = 1; k < N - 1; k++)
                        B[i][j][k] = (A[i - 1][j][k] + A[i + 1][j][k] + A[i][j - 1][k] +
                                      A[i][j + 1][k] + A[i][j][k - 1] + A[i][j][k + 1]) / 6.0f;
        }
#pragma dvm get_actual(eps)
        printf("it=%4i eps=%.5e\n", it, eps);
    }
#pragma dvm parallel([i][j][k] on B[i][j][k]) reduction(sum(sum))
    for (i = 0; i < N; i++)
        for (j = 0; j < N; j++)
            for (k = 0; k < N; k++)
                sum += B[i][j][k];
    printf("sum=%.6e\n", sum);
    return 0;
}
