/* Region forms: targets(HOST), async followed by get_actual, a local
 * scratch array, cuda_block on loops (ignored on the host, must not change
 * results), nested intervals with and without an id, and a region whose
 * only statement is a sequential part. */
#include <stdio.h>

#define N 33
// TOLERANCE: 1e-12

#pragma dvm array distribute[block]
double X[N];
#pragma dvm array align([i] with X[i])
double Y[N];
double scratch[N];

int main(void)
{
    int i, it;
    double s = 0, m = 0;
    int count = 0;
#pragma dvm interval
    {
#pragma dvm region out(X, Y) targets(HOST)
        {
#pragma dvm parallel([i] on X[i]) cuda_block(64)
            for (i = 0; i < N; i++) {
                X[i] = (i * 11) % 17;
                Y[i] = 0;
            }
        }
        for (it = 0; it < 3; it++) {
#pragma dvm interval(20)
            {
#pragma dvm region local(scratch) async
                {
#pragma dvm parallel([i]) tie(scratch[i]) cuda_block(32, 1, 1)
                    for (i = 0; i < N; i++)
                        scratch[i] = i * 0.5;
#pragma dvm parallel([i] on Y[i]) shadow_renew(X)
                    for (i = 1; i < N - 1; i++)
                        Y[i] += X[i - 1] - X[i + 1] + 0.5 * it;
                }
            }
        }
#pragma dvm get_actual(Y)
    }
#pragma dvm region
    {
        count = 7;
    }
#pragma dvm get_actual(count)
#pragma dvm parallel([i] on Y[i]) reduction(sum(s), max(m))
    for (i = 0; i < N; i++) {
        s += Y[i] * (i + 1);
        if (Y[i] > m)
            m = Y[i];
    }
    printf("s=%.4f max=%.4f count=%d\n", s, m, count);
    return 0;
}
