/* A scalar assigned in a parallel loop without being private or a
 * reduction variable is a data race: dvmcc must refuse the program (the
 * sequential program is fine, which is why this is a compile-time error). */
// E2E: expect-compile-error 't'
#include <stdio.h>

#define N 10

#pragma dvm array distribute[block]
double A[N];

int main(void)
{
    int i;
    double t = 0;
#pragma dvm parallel([i] on A[i])
    for (i = 0; i < N; i++) {
        t = i * 2.0;
        A[i] = t + 1;
    }
    printf("%f\n", t);
    return 0;
}
