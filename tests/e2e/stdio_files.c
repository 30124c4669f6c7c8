/* Input and output of distributed data: fprintf of computed values to a
 * text file read back with fscanf, fwrite of a whole distributed array and
 * fread into another one (sequential element order), then exit() with a
 * status computed from what was read. */
#include <stdio.h>
#include <stdlib.h>

#define N 19
#define M 6

#pragma dvm array distribute[block][block]
int A[N][M];
#pragma dvm array distribute[][block]
int B[N][M];

int main(void)
{
    int i, j, v, count = 0;
    long total = 0, s = 0;
    FILE *f;
#pragma dvm parallel([i][j] on A[i][j])
    for (i = 0; i < N; i++)
        for (j = 0; j < M; j++)
            A[i][j] = i * 100 + j;
    f = fopen("stdio_files.bin", "wb");
    if (!f || fwrite(A, sizeof(int), N * M, f) != N * M) {
        printf("write failed\n");
        return 1;
    }
    fclose(f);
    f = fopen("stdio_files.bin", "rb");
    if (!f || fread(B, sizeof(int), N * M, f) != N * M) {
        printf("read failed\n");
        return 1;
    }
    fclose(f);
    remove("stdio_files.bin");
    /* B was distributed differently: compare element by element. */
#pragma dvm parallel([i][j] on B[i][j]) remote_access(A[i][j]) reduction(sum(s), sum(count))
    for (i = 0; i < N; i++)
        for (j = 0; j < M; j++) {
            s += B[i][j] * (j + 1);
            if (B[i][j] != A[i][j])
                count++;
        }
    printf("fread checksum %ld, %d differences\n", s, count);
    f = fopen("stdio_files.txt", "w");
    fprintf(f, "%d %d\n", N, M);
    for (i = 0; i < 5; i++)
        fprintf(f, "%ld\n", s / (i + 1));
    fclose(f);
    f = fopen("stdio_files.txt", "r");
    if (fscanf(f, "%d %d", &i, &j) != 2 || i != N || j != M) {
        printf("header mismatch\n");
        return 1;
    }
    count = 0;
    while (fscanf(f, "%d", &v) == 1) {
        total += v;
        count++;
    }
    fclose(f);
    remove("stdio_files.txt");
    printf("read back %d numbers, total %ld\n", count, total);
    fprintf(stderr, "stderr is not compared\n");
    exit((int)(total % 50) + 5);
}
