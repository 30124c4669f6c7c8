/* A deliberately imbalanced loop for the trace tests: wgtblock gives the
 * last of 8 equal pieces of the rows weight 10, so with 2 processes the
 * first gets 7/8 of the rows and the second 1/8, while every row costs
 * the same. dvmh-report must show the load imbalance. */
#include <stdio.h>

#define N 512
#define M 512
#define STEPS 80

double W[8] = {1, 1, 1, 1, 1, 1, 1, 10};
#pragma dvm array distribute[wgtblock(W, 8)][*]
double A[N][M];

int main(void)
{
    int i, j, s;
    double sum = 0;
#pragma dvm parallel([i][j] on A[i][j])
    for (i = 0; i < N; i++)
        for (j = 0; j < M; j++)
            A[i][j] = (i + j) % 7;
    for (s = 0; s < STEPS; s++) {
        sum = 0;
#pragma dvm parallel([i][j] on A[i][j]) reduction(sum(sum))
        for (i = 0; i < N; i++)
            for (j = 0; j < M; j++) {
                double x = A[i][j];
                for (int k = 0; k < 8; k++)
                    x = x * 0.5 + 1.0;
                A[i][j] = x;
                sum += x;
            }
    }
    printf("sum %.6f\n", sum);
    return 0;
}
