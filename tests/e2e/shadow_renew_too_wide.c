/* shadow_renew wider than the array's shadow edges along a distributed
 * dimension stops the program naming the loop (it read elements that are
 * not there: wrong results on several processes). Along a dimension
 * that is not divided, a wider renewal has nothing to do and is fine. */
// E2E: expect-run-error shadow_renew_too_wide.c:32: error: shadow_renew of A with widths [2:0] in dimension 1, wider than its shadow edges there [1:1]
#include <stdio.h>

#define N 12

#pragma dvm array distribute[block][]
int B[N][N];
#pragma dvm array distribute[block]
int A[N];
#pragma dvm array align([i] with A[i])
int C[N];

int main(void)
{
    long s = 0;
#pragma dvm parallel([i][j] on B[i][j])
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            B[i][j] = i + j;
#pragma dvm parallel([i][j] on B[i][j]) shadow_renew(B[1:1][2:2]) reduction(sum(s))
    for (int i = 1; i < N - 1; i++)
        for (int j = 2; j < N - 2; j++)
            s += B[i - 1][j - 2] + B[i + 1][j + 2];
#pragma dvm parallel([i] on A[i])
    for (int i = 0; i < N; i++)
        A[i] = C[i] = i * i;
#pragma dvm parallel([i] on C[i]) shadow_renew(A[2:0])
    for (int i = 2; i < N; i++)
        C[i] = A[i - 2];
    printf("%ld %d\n", s, C[5]);
    return 0;
}
