/* Wavefronts on the GPU: across loops in regions over two and three
 * dimensions, upwards and downwards, with a width of 2, with reductions
 * (a wavefront's steps each add to them), checked against the
 * sequential run. On several processes the pipelines between them run on
 * the host copies (GPU-ALONE-HOST below). */
#include <stdio.h>

#define N 37
#define M 29
#define L 11
// TOLERANCE: 1e-10

#pragma dvm array distribute[block][block], shadow[1:1][2:2]
static double A[N][M];
#pragma dvm array distribute[block][*][*], shadow[1:1][1:1][1:1]
static double C[L][L][L];

int main(void)
{
    int i, j, k, it;
    double eps = 0, s = 0, s3 = 0;
#pragma dvm region out(A, C)
    {
#pragma dvm parallel([i][j] on A[i][j])
        for (i = 0; i < N; i++)
            for (j = 0; j < M; j++)
                A[i][j] = (i * 7 + j * 3) % 11;
#pragma dvm parallel([i][j][k] on C[i][j][k])
        for (i = 0; i < L; i++)
            for (j = 0; j < L; j++)
                for (k = 0; k < L; k++)
                    C[i][j][k] = (i + 2 * j + 3 * k) % 5;
    }
    /* Gauss-Seidel: both neighbours along both dimensions */
    for (it = 0; it < 3; it++) {
        eps = 0;
#pragma dvm region
        {
#pragma dvm parallel([i][j] on A[i][j]) across(A[1:1][1:1]) reduction(max(eps))
            for (i = 1; i < N - 1; i++)
                for (j = 1; j < M - 1; j++) {
                    double t = (A[i - 1][j] + A[i + 1][j] + A[i][j - 1] + A[i][j + 1]) / 4;
                    if (t - A[i][j] > eps)
                        eps = t - A[i][j];
                    if (A[i][j] - t > eps)
                        eps = A[i][j] - t;
                    A[i][j] = t;
                }
        }
#pragma dvm get_actual(eps)
        printf("it %d eps %.12f\n", it, eps);
    }
    /* downwards along i (the new A[i+1][j]), width 2 along j */
#pragma dvm region
    {
#pragma dvm parallel([i][j] on A[i][j]) across(A[0:1][2:0]) reduction(sum(s))
        for (i = N - 2; i >= 0; i--)
            for (j = 2; j < M; j++) {
                A[i][j] = A[i + 1][j] * 0.5 + A[i][j - 2] * 0.25 + 1;
                s += A[i][j];
            }
    }
    /* three dependent dimensions */
#pragma dvm region
    {
#pragma dvm parallel([i][j][k] on C[i][j][k]) across(C[1:0][1:0][1:0]) reduction(sum(s3))
        for (i = 1; i < L; i++)
            for (j = 1; j < L; j++)
                for (k = 1; k < L; k++) {
                    C[i][j][k] = (C[i - 1][j][k] + C[i][j - 1][k] + C[i][j][k - 1]) / 3 + 0.5;
                    s3 += C[i][j][k];
                }
    }
#pragma dvm get_actual(A, C, s, s3)
    double a = 0, c = 0;
    for (i = 0; i < N; i++)
        for (j = 0; j < M; j++)
            a += A[i][j] * ((i + j) % 3 + 1);
    for (i = 0; i < L; i++)
        for (j = 0; j < L; j++)
            for (k = 0; k < L; k++)
                c += C[i][j][k] * ((i + j + k) % 4 + 1);
    printf("s %.10f s3 %.10f A %.10f C %.10f\n", s, s3, a, c);
    return 0;
}
