/* Binary I/O of malloc'd distributed arrays with shadow edges: the whole
 * array written, part of it written again, read back whole (with a row as
 * the element size) and in part, then used through its shadow edges. */
#include <stdio.h>
#include <stdlib.h>

#define N 10
#define M 4

int main(void)
{
    int i, j, n = N;
    double s = 0, t = 0;
    size_t got;
    FILE *f;
#pragma dvm array distribute[block][], shadow[1:1][0]
    double (*A)[M];
#pragma dvm array align([i][j] with A[i][j])
    double (*B)[M];
    A = malloc(n * sizeof(*A));
    B = malloc(n * sizeof(*B));
#pragma dvm parallel([i][j] on A[i][j])
    for (i = 0; i < N; i++)
        for (j = 0; j < M; j++)
            A[i][j] = i * M + j;
    f = fopen("heap_io.bin", "wb");
    fwrite(A, sizeof(double), N * M, f);
    fwrite(A, sizeof(double) * M, 3, f);
    fclose(f);
    f = fopen("heap_io.bin", "rb");
    got = fread(B, sizeof(double) * M, N, f);
#pragma dvm parallel([i][j] on B[i][j]) shadow_renew(B) reduction(sum(s))
    for (i = 1; i < N - 1; i++)
        for (j = 0; j < M; j++)
            s += B[i - 1][j] - B[i + 1][j] * 2 + B[i][j] * (j + 1);
#pragma dvm parallel([i][j] on B[i][j])
    for (i = 0; i < N; i++)
        for (j = 0; j < M; j++)
            B[i][j] = -1;
    /* the second copy: three rows, of which two are read */
    got += fread(B, sizeof(double), 2 * M, f);
    fclose(f);
    remove("heap_io.bin");
#pragma dvm parallel([i][j] on B[i][j]) reduction(sum(t))
    for (i = 0; i < N; i++)
        for (j = 0; j < M; j++)
            t += B[i][j] * (i + 1);
    printf("read %zu elements and rows, s=%.1f t=%.1f\n", got, s, t);
    free(B);
    free(A);
    return 0;
}
