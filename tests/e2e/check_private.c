/* Check mode (dvmcc -fdvmh-check, issue 16): a private variable read
 * before its iteration writes it. Iteration 7 forgets to set its weight
 * w and uses the one an earlier iteration left (as plain C it gets
 * iteration 6's; under DVM's semantics a private variable's value at the
 * start of an iteration is undefined). The check stops every process at
 * the read, naming the iteration; the other private variables (a scalar,
 * an array, one set through its address) are written before they are
 * read and pass. */
#include <stdio.h>

// E2E: dvmcc-flags -fdvmh-check
// E2E: expect-run-error check_private.c:38: error: check: private variable 'w' is read before it is written in iteration (i=7)

#define N 16

#pragma dvm array distribute[block]
double A[N];

static void set(double *p, double v)
{
    *p = v;
}

int main(void)
{
    int i, k;
    double w = 1.0, t, pair[2], s = 0;
#pragma dvm parallel([i] on A[i])
    for (i = 0; i < N; i++)
        A[i] = i;
#pragma dvm parallel([i] on A[i]) private(w, t, pair, k) reduction(sum(s))
    for (i = 0; i < N; i++) {
        set(&t, A[i] + 1);
        for (k = 0; k < 2; k++)
            pair[k] = t * k;
        if (i != 7)
            w = A[i] * 0.5;
        A[i] = pair[1] + w; /* the read */
        s += A[i];
    }
    printf("s = %.3f\n", s);
    return 0;
}
