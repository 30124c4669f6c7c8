/* Ordinary (replicated) arrays written by parallel loops divided between
 * processes, tied to the loops: after each loop every process's copy holds
 * every process's elements, as in the sequential program. A 1-D array by
 * rows (the loop on column 0: the processes without it run nothing), a
 * 2-D one by both loop dimensions (a 2-D process grid divides both), a
 * column of a 2-D array (the other index constant), a reversed loop and a
 * loop on a template; host code then reads them whole. On
 * devices too: the written parts come back to the host before they are
 * exchanged. */
#include <stdio.h>

#define N 23
#define M 17

#pragma dvm template[N][M] distribute[block][block]
void *T;
#pragma dvm array align([i][j] with T[i][j])
double A[N][M];
double rows[N], grid[N][M], col[N][3], back[N];
int mark[M];

int main(void)
{
    int i, j;
    double s = 0;
#pragma dvm region out(A)
    {
#pragma dvm parallel([i][j] on A[i][j])
        for (i = 0; i < N; i++)
            for (j = 0; j < M; j++)
                A[i][j] = (i * 5 + j * 3) % 11 + 0.5;
    }
#pragma dvm region in(A) out(rows, grid, col, back)
    {
#pragma dvm parallel([i] on A[i][0]) tie(rows[i])
        for (i = 0; i < N; i++)
            rows[i] = A[i][0] * 3 + i;
#pragma dvm parallel([i][j] on A[i][j]) tie(grid[i][j])
        for (i = 0; i < N; i++)
            for (j = 0; j < M; j++)
                grid[i][j] = A[i][j] * 2 - i;
#pragma dvm parallel([i] on A[i][0]) tie(col[i][1])
        for (i = 0; i < N; i++)
            col[i][1] = A[i][0] + 100;
#pragma dvm parallel([i] on A[i][M - 1]) tie(back[i])
        for (i = N - 1; i >= 0; i--)
            back[i] = A[i][M - 1] * i;
    }
#pragma dvm parallel([j] on T[0][j]) tie(mark[j])
    for (j = 0; j < M; j++)
        mark[j] = j * j % 7;
#pragma dvm get_actual(rows, grid, col, back)
    for (i = 0; i < N; i++) {
        s += rows[i] * (i + 1) + col[i][1] + back[i];
        for (j = 0; j < M; j++)
            s += grid[i][j] * ((i + j) % 3);
    }
    for (j = 0; j < M; j++)
        s += mark[j];
    printf("rows[0] %.2f rows[N-1] %.2f col[5][1] %.2f back[7] %.2f\n", rows[0], rows[N - 1],
           col[5][1], back[7]);
    printf("checksum %.4f\n", s);
    return 0;
}
