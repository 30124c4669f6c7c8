/* across loops whose 'on' index runs against the loop variable
 * (on A[N-2-i][j], on V[N-2-i]), as a backward sweep is naturally written:
 * on several processes they stopped as "not supported yet" (the pipeline
 * took only targets indexed i + c). Also the double reversal (a downward
 * loop on A[N-1-i]: the stages go up the array), a reversed inner
 * dimension, and an explicit stage. */
// TOLERANCE: 1e-12
#include <stdio.h>

#define N 37
#define M 23

#pragma dvm array distribute[block]
double V[N];
#pragma dvm array distribute[block][block]
double A[N][M];
#pragma dvm array distribute[block][block]
double B[N][M];

int main(void)
{
    int i, j;
    double s1 = 0, s2 = 0, s3 = 0, s4 = 0, s5 = 0;
#pragma dvm parallel([i] on V[i])
    for (i = 0; i < N; i++)
        V[i] = i % 3 + 1;
#pragma dvm parallel([i][j] on A[i][j])
    for (i = 0; i < N; i++)
        for (j = 0; j < M; j++) {
            A[i][j] = (i * 7 + j * 3) % 11 * 0.125;
            B[i][j] = (i + 2 * j) % 5 * 0.25;
        }

    /* 1-D backward sweep through a reversed index */
#pragma dvm parallel([i] on V[N-2-i]) across(V[0:1])
    for (i = 0; i < N - 1; i++)
        V[N - 2 - i] = V[N - 1 - i] * 0.5 + V[N - 2 - i];

    /* 2-D: reversed rows, forward columns */
#pragma dvm parallel([i][j] on A[N-2-i][j]) across(A[0:1][1:0])
    for (i = 0; i < N - 1; i++)
        for (j = 1; j < M; j++)
            A[N - 2 - i][j] = 0.5 * (A[N - 1 - i][j] + A[N - 2 - i][j - 1]) + 0.01;

    /* downward loop on a reversed index: the sweep goes up the rows */
#pragma dvm parallel([i][j] on B[N-1-i][j]) across(B[1:0][0:0]) stage(5)
    for (i = N - 2; i >= 0; i--)
        for (j = 0; j < M; j++)
            B[N - 1 - i][j] = B[N - 2 - i][j] * 0.75 + 0.5;

    /* reversed inner dimension, sweep along it */
#pragma dvm parallel([i][j] on A[i][M-2-j]) across(A[0:0][0:1])
    for (i = 0; i < N; i++)
        for (j = 0; j < M - 1; j++)
            A[i][M - 2 - j] = A[i][M - 1 - j] * 0.25 + A[i][M - 2 - j];

#pragma dvm parallel([i] on V[i]) reduction(sum(s1))
    for (i = 0; i < N; i++)
        s1 += V[i] * (i + 1);
#pragma dvm parallel([i][j] on A[i][j]) reduction(sum(s2), max(s3))
    for (i = 0; i < N; i++)
        for (j = 0; j < M; j++) {
            s2 += A[i][j] * ((i + j) % 4 + 1);
            if (A[i][j] > s3)
                s3 = A[i][j];
        }
#pragma dvm parallel([i][j] on B[i][j]) reduction(sum(s4), min(s5))
    for (i = 0; i < N; i++)
        for (j = 0; j < M; j++) {
            s4 += B[i][j] * (i % 3 + 1);
            if (B[i][j] < s5)
                s5 = B[i][j];
        }
    printf("%.10e %.10e %.10e %.10e %.10e\n", s1, s2, s3, s4, s5);
    printf("%.10f %.10f %.10f\n", V[0], A[0][M - 1], B[N - 1][M / 2]);
    return 0;
}
