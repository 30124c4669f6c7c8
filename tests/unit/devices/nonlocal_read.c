/* Debug mode (-DDVMH_CHECK_LOCAL): an owner-computes statement reading an
 * element its process does not hold, without remote_access, stops the
 * program with a message naming the line (without it the read is of
 * memory outside the local part). */
#include <stdio.h>

#define N 20

#pragma dvm array distribute[block]
double v[N];

int main(void)
{
    int i;
#pragma dvm parallel([i] on v[i])
    for (i = 0; i < N; i++)
        v[i] = i;
#pragma dvm remote_access(v[0])
    {
        v[N - 2] = v[0] + 2;
    }
    v[N - 1] = v[0] + 1;
    printf("%g\n", v[N - 1]);
    return 0;
}
