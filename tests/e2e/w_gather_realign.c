/* Gather through an index array, a histogram by an array reduction, and
 * a realign between phases, as a user program might combine them: the
 * ordinary index array perm[] is replicated, A is read at perm[i] through
 * remote_access(A[]) (any element), B is realigned from A's rows to a
 * shifted alignment, and a 3-D array on a template with an undivided
 * dimension is summed by planes into an array reduction. */
#include <stdio.h>

#define N 50
#define K 8
// TOLERANCE: 1e-10

#pragma dvm array distribute[block]
double A[N];
#pragma dvm array align([i] with A[i])
double B[N];
#pragma dvm template[K][K][K] distribute[block][block][*]
void *T3;
#pragma dvm array align([i][j][k] with T3[i][j][k])
double C[K][K][K];

int perm[N];

int main(void)
{
    int i, j, k, it;
    double planes[K], s = 0;
    int hist[5];
    for (i = 0; i < N; i++)
        perm[i] = (i * 17 + 3) % N;
#pragma dvm region out(A, B, C)
    {
#pragma dvm parallel([i] on A[i])
        for (i = 0; i < N; i++) {
            A[i] = i * 0.5 + 1;
            B[i] = 0;
        }
#pragma dvm parallel([i][j][k] on C[i][j][k])
        for (i = 0; i < K; i++)
            for (j = 0; j < K; j++)
                for (k = 0; k < K; k++)
                    C[i][j][k] = i + 0.1 * j + 0.01 * k;
    }
    for (it = 0; it < 3; it++) {
#pragma dvm region in(perm)
        {
#pragma dvm parallel([i] on B[i]) remote_access(A[])
            for (i = 0; i < N; i++)
                B[i] = A[perm[i]] * 2 + it;
#pragma dvm parallel([i] on A[i])
            for (i = 0; i < N; i++)
                A[i] = 0.5 * (A[i] + B[i]);
        }
    }
    for (k = 0; k < 5; k++)
        hist[k] = 0;
#pragma dvm actual(hist)
#pragma dvm region
    {
#pragma dvm parallel([i] on A[i]) reduction(sum(hist))
        for (i = 0; i < N; i++)
            hist[(int)A[i] % 5] += 1;
    }
#pragma dvm get_actual(hist)
    for (k = 0; k < 5; k++)
        printf("hist[%d] = %d\n", k, hist[k]);

#pragma dvm realign(B[i] with A[N - 1 - i])
    for (k = 0; k < K; k++)
        planes[k] = 0;
#pragma dvm actual(planes)
#pragma dvm region
    {
#pragma dvm parallel([i][j][k] on C[i][j][k]) reduction(sum(planes))
        for (i = 0; i < K; i++)
            for (j = 0; j < K; j++)
                for (k = 0; k < K; k++)
                    planes[k] += C[i][j][k] * (i + 1);
    }
#pragma dvm get_actual(planes)
    for (k = 0; k < K; k++)
        s += planes[k] * (k + 1);
#pragma dvm get_actual(A, B)
    printf("A[3] %.6f B[7] %.6f A[N-1] %.6f planes %.6f\n", A[3], B[7], A[N - 1], s);
    return 0;
}
