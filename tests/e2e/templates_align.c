/* Templates and alignment: a linear rule a*i+b, a replicated dimension,
 * a permuted alignment, loops mapped on the template. */
#include <stdio.h>

#define N 20

#pragma dvm template[2 * N + 2][N] distribute[block][block]
void *T;
#pragma dvm array align([i][j] with T[2 * i + 1][j])
int A[N][N];
#pragma dvm array align([i] with T[2 * i][])
int R[N];
#pragma dvm array align([i][j] with A[j][i])
int P[N][N];

int main(void)
{
    int i, j;
    long s1 = 0, s2 = 0, s3 = 0;
#pragma dvm parallel([i][j] on T[2 * i + 1][j])
    for (i = 0; i < N; i++)
        for (j = 0; j < N; j++)
            A[i][j] = i * 100 + j;
#pragma dvm parallel([i] on R[i])
    for (i = 0; i < N; i++)
        R[i] = 3 * i;
#pragma dvm parallel([i][j] on P[i][j])
    for (i = 0; i < N; i++)
        for (j = 0; j < N; j++)
            P[i][j] = i - j;
#pragma dvm parallel([i][j] on A[i][j]) reduction(sum(s1))
    for (i = 0; i < N; i++)
        for (j = 0; j < N; j++)
            s1 += A[i][j] * (j % 3);
#pragma dvm parallel([i] on R[i]) reduction(sum(s2))
    for (i = N - 1; i >= 0; i--)
        s2 += R[i] * i;
#pragma dvm parallel([i][j] on P[i][j]) reduction(sum(s3))
    for (i = 0; i < N; i += 2)
        for (j = 1; j < N; j += 3)
            s3 += P[i][j] * P[i][j];
    printf("%ld %ld %ld\n", s1, s2, s3);
    /* Single elements, read where they live (a sum over one iteration). */
    s1 = s2 = s3 = 0;
#pragma dvm parallel([i][j] on A[i][j]) reduction(sum(s1))
    for (i = 0; i < N; i++)
        for (j = 0; j < N; j++)
            if (i == 3 && j == 4)
                s1 += A[i][j];
#pragma dvm parallel([i] on R[i]) reduction(sum(s2))
    for (i = 0; i < N; i++)
        if (i == 7)
            s2 += R[i];
#pragma dvm parallel([i][j] on P[i][j]) reduction(sum(s3))
    for (i = 0; i < N; i++)
        for (j = 0; j < N; j++)
            if (i == 2 && j == 9)
                s3 += P[i][j];
    printf("A[3][4]=%ld R[7]=%ld P[2][9]=%ld\n", s1, s2, s3);
    return 0;
}
