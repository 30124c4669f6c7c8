/* Jacobi-1D on an uneven size (101 is divisible by none of 2, 3, 4), with
 * a wide shadow edge, loops with steps and downward loops. */
#include <math.h>
#include <stdio.h>

#define N 101
#define ITMAX 25
// TOLERANCE: 1e-9

#pragma dvm array distribute[block], shadow[2]
double A[N];
#pragma dvm array align([i] with A[i])
double B[N];

int main(void)
{
    int i, it;
    double eps = 0, s = 0;
    long stepped = 0, down = 0;
#pragma dvm parallel([i] on A[i])
    for (i = 0; i < N; i++) {
        A[i] = (i % 7) * 1.5;
        B[i] = 0;
    }
    for (it = 0; it < ITMAX; it++) {
        eps = 0;
        /* Five-point stencil: needs the full width-2 edges. */
#pragma dvm parallel([i] on B[i]) shadow_renew(A)
        for (i = 2; i < N - 2; i++)
            B[i] = (A[i - 2] + A[i - 1] + A[i] + A[i + 1] + A[i + 2]) / 5;
#pragma dvm parallel([i] on A[i]) reduction(max(eps))
        for (i = 2; i < N - 2; i++) {
            eps = fmax(eps, fabs(B[i] - A[i]));
            A[i] = B[i];
        }
    }
    printf("eps=%.10e\n", eps);
    /* Step 3 upward, then step 2 downward, then a plain downward loop. */
#pragma dvm parallel([i] on A[i]) reduction(sum(stepped))
    for (i = 1; i < N; i += 3)
        stepped += i;
#pragma dvm parallel([i] on A[i])
    for (i = N - 1; i >= 0; i -= 2)
        A[i] = -A[i];
#pragma dvm parallel([i] on A[i]) reduction(sum(down))
    for (i = N - 1; i > 10; i--)
        down += (long)i * (i % 5);
#pragma dvm parallel([i] on A[i]) reduction(sum(s))
    for (i = 0; i < N; i++)
        s += A[i] * (i + 1);
    printf("stepped=%ld down=%ld checksum=%.10e\n", stepped, down, s);
#pragma dvm remote_access(A[0], A[N / 2], A[N - 1])
    {
        printf("A[0]=%.6f A[mid]=%.6f A[last]=%.6f\n", A[0], A[N / 2], A[N - 1]);
    }
    return 0;
}
