/* A distributed array assigned a pointer that is not one stops the
 * program naming the line. */
// E2E: expect-run-error array_assign_bad.c:14: error: a distributed array assigned something that is not a distributed array
#include <stdio.h>
#include <stdlib.h>
#define N 8
int main(void)
{
#pragma dvm array distribute[block]
    double *a;
    double *t = malloc(N * sizeof(double));
    a = malloc(N * sizeof(double));
    free(a);
    a = t;
    printf("%p\n", (void *)t);
    return 0;
}
