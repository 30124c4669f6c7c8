/* Found by running other people's programs on (emulated) GPUs: loops that
 * write part of an ordinary array without tie (the elements they do not
 * write must keep their host values when the array comes back), a
 * reversed tie with across over part of the array, and a remote_access
 * block reading, on one process, what a device computed. */
#include <stdio.h>

#define N 12

double B[N];
double A[N];
long G[N][N];
#pragma dvm array distribute[block]
int C[N];

int main(void)
{
    int i, j, c = 0;
    long t = 0;
    for (i = 0; i < N; i++) {
        B[i] = -1;
        A[i] = i;
        for (j = 0; j < N; j++)
            G[i][j] = -2;
    }
#pragma dvm region
    {
#pragma dvm parallel([i])
        for (i = 0; i < N - 3; i++)
            B[i] = i;
#pragma dvm parallel([i][j])
        for (i = 1; i < N - 1; i++)
            for (j = 2; j < N - 4; j++)
                G[i][j] = i * 100 + j;
#pragma dvm parallel([I]) tie(A[-I]) across(A[0:1])
        for (int I = N - 2; I >= 3; --I)
            A[I] = A[I + 1] + 1;
#pragma dvm parallel([i] on C[i])
        for (i = 0; i < N; i++)
            C[i] = i * 10;
    }
#pragma dvm get_actual(B, A, G)
#pragma dvm remote_access(C[5])
    {
        c = C[5];
    }
    for (i = 0; i < N; i++) {
        printf("%g %g\n", B[i], A[i]);
        for (j = 0; j < N; j++)
            t += G[i][j] * (i + j + 1);
    }
    printf("t=%ld c=%d\n", t, c);
    return 0;
}
