/* Binary I/O from and into an element of a distributed array, as programs
 * read and write matrices row by row: fread(&A[i][0], ...), fread(A[i],
 * ...), fwrite from the middle of a row over several rows, one element at
 * a time in a loop, a 3-D array by planes, casts of the buffer, a read
 * cut short by the end of the file, byte counts that end inside an
 * element; the rows read are then used through shadow edges in a region
 * (so the copies on accelerators are renewed). */
#include <stdio.h>
#include <stdlib.h>

#define N 9
#define M 7
#define K 5

#pragma dvm array distribute[block][block], shadow[1:1][1:1]
double A[N][M];
#pragma dvm array align([i][j] with A[i][j])
int B[N][M];
#pragma dvm array distribute[block][block][]
float C[K][N][M];
#pragma dvm array distribute[block]
long V[N * M];

static double weigh(void)
{
    double s = 0;
#pragma dvm region
    {
#pragma dvm parallel([i][j] on A[i][j]) shadow_renew(A) reduction(sum(s))
        for (int i = 1; i < N - 1; i++)
            for (int j = 1; j < M - 1; j++)
                s += (A[i - 1][j] + A[i + 1][j] - A[i][j - 1] + 2 * A[i][j + 1]) * (i * M + j);
    }
    /* and by host code, element by element (through a copy of the whole
     * array that each read must renew) */
    for (int i = 0; i < N; i++)
        for (int j = 0; j < M; j++)
            s += A[i][j] * (i + j + 1) * 0.5;
    return s;
}

int main(void)
{
    double row[N * M];
    size_t got, total = 0;
    FILE *f = fopen("io_elements.bin", "wb");
    for (int k = 0; k < N * M; k++)
        row[k] = k * 0.25 - 3;
    fwrite(row, sizeof(double), N * M, f);
    fclose(f);

#pragma dvm region
    {
#pragma dvm parallel([i][j] on A[i][j])
        for (int i = 0; i < N; i++)
            for (int j = 0; j < M; j++) {
                A[i][j] = -1;
                B[i][j] = i - j;
            }
#pragma dvm parallel([k][i][j] on C[k][i][j])
        for (int k = 0; k < K; k++)
            for (int i = 0; i < N; i++)
                for (int j = 0; j < M; j++)
                    C[k][i][j] = k + i * 0.5f + j * 0.25f;
#pragma dvm parallel([i] on V[i])
        for (int i = 0; i < N * M; i++)
            V[i] = 3 * i;
    }

    /* rows read into the middle of the array, in several ways */
    f = fopen("io_elements.bin", "rb");
    got = fread(&A[2][0], sizeof(double), 2 * M + 3, f); /* rows 2, 3 and 3 of row 4 */
    total += got;
    got = fread(A[6], sizeof(double), M, f);
    total += got;
    got = fread((void *)&A[7][4], sizeof(double) * 2, 2, f); /* to A[8][0] */
    total += got;
    fseek(f, 5 * sizeof(double), SEEK_SET);
    got = fread((char *)A[0], 1, M * sizeof(double), f);
    total += got;
    fclose(f);
    printf("read %zu, weight %.4f\n", total, weigh());

    /* one element at a time, row 1 backwards */
    f = fopen("io_elements.bin", "rb");
    for (int j = M - 1; j >= 0; j--)
        total += fread(&A[1][j], sizeof A[1][j], 1, f);
    fclose(f);
    printf("read %zu, weight %.4f, A[1][2] %.2f\n", total, weigh(), A[1][2]);

    /* written from the middle of a row, over several rows, by a region's
     * results; then read back into an ordinary buffer */
#pragma dvm region
    {
#pragma dvm parallel([i][j] on A[i][j])
        for (int i = 0; i < N; i++)
            for (int j = 0; j < M; j++)
                A[i][j] += i * 10 + j;
    }
    f = fopen("io_elements.out", "wb");
    got = fwrite(&A[3][5], sizeof(double), 2 * M + 1, f);
    got += fwrite(B[N - 1], sizeof(int), M, f);
    got += fwrite(&B[0][0], sizeof(int), 3, f);
    got += fwrite(C[2], sizeof(float), N * M, f);
    got += fwrite(&C[K - 1][N - 1][M - 2], sizeof(float), 2, f);
    got += fwrite(&V[N * M - 4], sizeof(long), 4, f);
    fclose(f);
    printf("wrote %zu\n", got);
    f = fopen("io_elements.out", "rb");
    double d[2 * M + 1];
    int ib[M + 3];
    float fc[N * M + 2];
    long lv[4];
    got = fread(d, sizeof(double), 2 * M + 1, f);
    got += fread(ib, sizeof(int), M + 3, f);
    got += fread(fc, sizeof(float), N * M + 2, f);
    got += fread(lv, sizeof(long), 4, f);
    fclose(f);
    double s = 0;
    for (int k = 0; k < 2 * M + 1; k++)
        s += d[k] * (k + 1);
    long si = 0;
    for (int k = 0; k < M + 3; k++)
        si += ib[k] * (k + 1);
    double sf = 0;
    for (int k = 0; k < N * M + 2; k++)
        sf += fc[k] * (k % 5 + 1);
    printf("read back %zu: %.4f %ld %.3f %ld %ld\n", got, s, si, sf, lv[0], lv[3]);

    /* planes and elements of the 3-D array and the 1-D one read back in
     * another place; the last read runs into the end of the file */
    f = fopen("io_elements.out", "rb");
    fseek(f, (2 * M + 1) * sizeof(double) + (M + 3) * sizeof(int), SEEK_SET);
    got = fread(C[0], sizeof(float), N * M, f);
    got += fread(&C[1][4][3], sizeof(float), 2, f);
    got += fread(&V[10], sizeof(long), 100, f); /* 4 left in the file */
    fclose(f);
    double sc = 0;
    long sv = 0;
#pragma dvm region
    {
#pragma dvm parallel([k][i][j] on C[k][i][j]) reduction(sum(sc))
        for (int k = 0; k < K; k++)
            for (int i = 0; i < N; i++)
                for (int j = 0; j < M; j++)
                    sc += C[k][i][j] * (k + 1) * (i + 2 * j + 1);
#pragma dvm parallel([i] on V[i]) reduction(sum(sv))
        for (int i = 0; i < N * M; i++)
            sv += V[i] * (i + 1);
    }
    printf("read %zu: %.3f %ld\n", got, sc, sv);
    /* byte counts that end inside an element: the bytes read land in it,
     * and fwrite writes just as many bytes */
    f = fopen("io_elements.bin", "rb");
    got = fread(&V[3], 1, 2 * sizeof(long) + 3, f);
    printf("partial read %zu at %ld: %lx %lx %lx\n", got, ftell(f), (unsigned long)V[3],
           (unsigned long)V[4], (unsigned long)V[5]);
    fclose(f);
    f = fopen("io_elements.out", "wb");
    got = fwrite(&V[1], 3, 5, f);
    got += fwrite(V, 2, 1, f);
    printf("partial write %zu, %ld bytes\n", got, ftell(f));
    fclose(f);
    remove("io_elements.bin");
    remove("io_elements.out");
    return (int)(got % 7);
}
