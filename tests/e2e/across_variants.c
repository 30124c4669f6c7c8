/* Loops with regular dependencies in several forms: a prefix sum (flow
 * dependency only, A[1:0]), a 2-D wavefront with a stage size, a downward
 * loop whose dependency points the other way (A[0:1]), and an across loop
 * in a region marked async. */
#include <stdio.h>

#define N 41
#define M 29
// TOLERANCE: 1e-10

#pragma dvm array distribute[block]
long P[N * 3];
#pragma dvm array distribute[block][block]
double A[N][M];

/* A weighted sum of A, printed after each loop so a failure names it. */
static double checksum(void)
{
    int i, j;
    double s = 0;
#pragma dvm parallel([i][j] on A[i][j]) reduction(sum(s))
    for (i = 0; i < N; i++)
        for (j = 0; j < M; j++)
            s += A[i][j] * ((i + 2 * j) % 7 + 1);
    return s;
}

int main(void)
{
    int i, j;
    long last = 0;
    double s = 0;
#pragma dvm parallel([i] on P[i])
    for (i = 0; i < N * 3; i++)
        P[i] = i % 5 + 1;
    /* prefix sums: P[i] depends on the new P[i-1] */
#pragma dvm parallel([i] on P[i]) across(P[1:0])
    for (i = 1; i < N * 3; i++)
        P[i] += P[i - 1];
#pragma dvm parallel([i] on P[i]) reduction(max(last))
    for (i = 0; i < N * 3; i++)
        if (P[i] > last)
            last = P[i];
#pragma dvm parallel([i][j] on A[i][j])
    for (i = 0; i < N; i++)
        for (j = 0; j < M; j++)
            A[i][j] = (i == 0 || j == 0) ? 1.0 : 0.0;
    /* wavefront: each point from its upper and left neighbours (new values) */
#pragma dvm parallel([i][j] on A[i][j]) across(A[1:0][1:0]) stage(4)
    for (i = 1; i < N; i++)
        for (j = 1; j < M; j++)
            A[i][j] = (A[i - 1][j] + A[i][j - 1]) * 0.5 + 0.01 * (i - j);
    printf("wavefront %.10e\n", checksum());
    /* upward dependency in a downward loop: A[i][j] from the new A[i+1][j] */
#pragma dvm parallel([i][j] on A[i][j]) across(A[0:1][0:0])
    for (i = N - 2; i >= 0; i--)
        for (j = 0; j < M; j++)
            A[i][j] = A[i][j] * 0.75 + A[i + 1][j] * 0.25;
    printf("upward %.10e\n", checksum());
#pragma dvm region async
    {
#pragma dvm parallel([i][j] on A[i][j]) across(A[1:1][0:0])
        for (i = 1; i < N - 1; i++)
            for (j = 0; j < M; j++)
                A[i][j] = (A[i - 1][j] + A[i][j] + A[i + 1][j]) / 3;
    }
#pragma dvm get_actual(A)
    s = checksum();
    printf("prefix max %ld checksum %.10e\n", last, s);
    return 0;
}
