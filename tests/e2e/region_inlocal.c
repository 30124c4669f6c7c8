/* inlocal(list) on a region: the values at entry are read (copied to the
 * devices), those the region leaves are not wanted after it. A distributed
 * scratch array and an ordinary table, both set before the region, read
 * and overwritten inside it; the program never reads them afterwards. */
#include <stdio.h>

#define N 23
// TOLERANCE: 1e-12

#pragma dvm array distribute[block]
double A[N];
#pragma dvm array align([i] with A[i])
double T[N];
double W[N];

int main(void)
{
    int i;
    double s = 0;
    for (i = 0; i < N; i++)
        W[i] = (i * 3) % 7 + 0.5;
#pragma dvm region out(T)
    {
#pragma dvm parallel([i] on T[i])
        for (i = 0; i < N; i++)
            T[i] = i * 1.25;
    }
#pragma dvm actual(W)
#pragma dvm region out(A) inlocal(T, W)
    {
#pragma dvm parallel([i] on A[i])
        for (i = 0; i < N; i++) {
            T[i] = T[i] * 2 + W[i];
            A[i] = T[i] - i;
        }
#pragma dvm parallel([i]) tie(W[i])
        for (i = 0; i < N; i++)
            W[i] = W[i] * 3;
#pragma dvm parallel([i] on A[i])
        for (i = 0; i < N; i++)
            A[i] = A[i] + W[i];
    }
#pragma dvm actual(s)
#pragma dvm region
    {
#pragma dvm parallel([i] on A[i]) reduction(sum(s))
        for (i = 0; i < N; i++)
            s += A[i] * (i % 5 + 1);
    }
#pragma dvm get_actual(s)
    printf("s=%.4f\n", s);
    return 0;
}
