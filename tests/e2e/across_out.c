/* across with DVM's 'out:' prefix on an item, and across(A) without widths
 * (the shadow edges' widths): the loops keep their sequential meaning. */
#include <stdio.h>
#define N 24
#pragma dvm array distribute[block][block]
double A[N][N];
int main(void)
{
    int i, j;
    double s = 0;
#pragma dvm region
    {
#pragma dvm parallel([i][j] on A[i][j])
        for (i = 0; i < N; i++)
            for (j = 0; j < N; j++)
                A[i][j] = (i + j) % 5;
#pragma dvm parallel([i][j] on A[i][j]) across(out: A[1:0][1:0])
        for (i = 1; i < N; i++)
            for (j = 1; j < N; j++)
                A[i][j] = (A[i - 1][j] + A[i][j - 1] + A[i][j]) / 3;
#pragma dvm parallel([i][j] on A[i][j]) across(A)
        for (i = 1; i < N; i++)
            for (j = 1; j < N; j++)
                A[i][j] = (A[i - 1][j] + A[i][j - 1]) / 2;
#pragma dvm parallel([i][j] on A[i][j]) reduction(sum(s))
        for (i = 0; i < N; i++)
            for (j = 0; j < N; j++)
                s += A[i][j];
    }
#pragma dvm get_actual(s)
    printf("%.12g\n", s);
    return 0;
}
