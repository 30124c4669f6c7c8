/* A function called by an owner-computes statement reads an element that
 * another process holds: the statement's owner runs it alone, so it
 * cannot fetch the element (a remote_access is needed, as for the
 * statement's own reads); the program stops naming the function's line. */
// E2E: expect-run-error-from-procs 2 host_owner_call_far.c:14: error: element 6 of dimension 1
#include <stdio.h>

#define N 8

#pragma dvm array distribute[block]
double A[N];
#pragma dvm array align([i] with A[i])
double B[N];
static double mirror(int i) { return B[N - 1 - i] * 2; }

int main(void)
{
#pragma dvm parallel([i] on A[i])
    for (int i = 0; i < N; i++) {
        A[i] = 0;
        B[i] = i;
    }
    A[1] = mirror(1);
    printf("%g\n", A[1]);
    return 0;
}
