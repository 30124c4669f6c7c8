/* Data that regions leave on accelerators and host code then uses without
 * get_actual where the runtime can see the use: fwrite of a distributed
 * array, fread into one, and element reads outside regions; ordinary heap
 * data that is realloc'ed between regions; a region with 'local' data and
 * one with 'in' sections. */
#include <stdio.h>
#include <stdlib.h>

#define N 30
#define M 20

#pragma dvm array distribute[block][*], shadow[1:1][0:0]
double A[N][M];
#pragma dvm array align([i][j] with A[i][j])
double B[N][M];

int main(void)
{
    int i, j;
    double s = 0;
    double *w = malloc(sizeof(double) * N);
#pragma dvm region out(A)
    {
#pragma dvm parallel([i][j] on A[i][j])
        for (i = 0; i < N; i++)
            for (j = 0; j < M; j++)
                A[i][j] = i * 100 + j;
    }
    /* element reads outside regions see the region's values */
    printf("A[3][4] %g A[N-1][M-1] %g\n", A[3][4], A[N - 1][M - 1]);
    FILE *f = fopen("device_data.bin", "wb");
    fwrite(A, sizeof(double), N * M, f);
    fclose(f);
    f = fopen("device_data.bin", "rb");
    size_t got = fread(B, sizeof(double), N * M, f);
    fclose(f);
    remove("device_data.bin");
    for (i = 0; i < N; i++)
        w[i] = 1.0 / (i + 1);
    w = realloc(w, sizeof(double) * 2 * N);
    for (i = N; i < 2 * N; i++)
        w[i] = i;
#pragma dvm actual(w[0:2*N-1])
#pragma dvm region in(B[1:N-2][], w[0:N-1]) local(A)
    {
#pragma dvm parallel([i][j] on A[i][j]) shadow_renew(B)
        for (i = 1; i < N - 1; i++)
            for (j = 0; j < M; j++)
                A[i][j] = (B[i - 1][j] + B[i + 1][j]) * w[i];
#pragma dvm parallel([i][j] on B[i][j]) reduction(sum(s))
        for (i = 1; i < N - 1; i++)
            for (j = 0; j < M; j++)
                s += A[i][j] * (j + 1);
    }
    printf("read %zu s %.6f w %g\n", got, s, w[2 * N - 1]);
    free(w);
    return 0;
}
