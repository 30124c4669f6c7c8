/* Arrays with different distributions in one loop: A divided by rows, B
 * by columns, read through remote_access; a distributed array of structs
 * whose members the loops and the host use; min, max and logical
 * reductions of several types in one loop. */
#include <stdio.h>

#define N 26
#define M 19
// TOLERANCE: 1e-10

typedef struct {
    double w;
    int tag;
} cell;

#pragma dvm array distribute[block][*]
double A[N][M];
#pragma dvm array distribute[*][block]
double B[N][M];
#pragma dvm array distribute[block]
cell C[N];

int main(void)
{
    int i, j, maxtag = -1, all_pos = 1, any_big = 0;
    float fmin_ = 1e30f;
    double s = 0;
#pragma dvm region out(A, B, C)
    {
#pragma dvm parallel([i][j] on A[i][j])
        for (i = 0; i < N; i++)
            for (j = 0; j < M; j++)
                A[i][j] = (i * 7 + j * 5) % 13 - 3;
#pragma dvm parallel([i][j] on B[i][j])
        for (i = 0; i < N; i++)
            for (j = 0; j < M; j++)
                B[i][j] = (i + 2 * j) % 9;
#pragma dvm parallel([i] on C[i])
        for (i = 0; i < N; i++) {
            C[i].w = i * 0.25;
            C[i].tag = (i * 11) % 17;
        }
    }
    /* A's rows take B's transposed neighbourhood: B is read anywhere */
#pragma dvm region
    {
#pragma dvm parallel([i][j] on A[i][j]) remote_access(B[][])
        for (i = 0; i < N; i++)
            for (j = 0; j < M; j++)
                A[i][j] += B[(i + 3) % N][(j * 2) % M] * 0.5;
#pragma dvm parallel([i] on C[i]) reduction(max(maxtag), min(fmin_), and(all_pos), or(any_big))
        for (i = 0; i < N; i++) {
            if (C[i].tag > maxtag)
                maxtag = C[i].tag;
            if ((float)C[i].w < fmin_ && i > 2)
                fmin_ = (float)C[i].w;
            all_pos = all_pos && C[i].w >= 0;
            any_big = any_big || C[i].tag > 15;
        }
#pragma dvm parallel([i] on A[i][]) reduction(sum(s)) private(j) remote_access(C[])
        for (i = 0; i < N; i++)
            for (j = 0; j < M; j++)
                s += A[i][j] * C[(i + j) % N].w;
    }
#pragma dvm get_actual(maxtag, fmin_, all_pos, any_big, s)
    printf("maxtag %d fmin %.3f all_pos %d any_big %d s %.6f\n", maxtag, fmin_, all_pos, any_big, s);
    printf("C[5] = {%.2f, %d}, A[N-1][M-1] = %.2f, B[0][M-1] = %.2f\n", C[5].w, C[5].tag,
           A[N - 1][M - 1], B[0][M - 1]);
    return 0;
}
