/* PolyBench jacobi-1d in C-DVMH: two arrays swapped by copying, both with
 * shadow edges renewed before each sweep; one region per time step; the input from PolyBench's init_array formula. */
#include <stdio.h>

#define N 120
#define TSTEPS 30
// TOLERANCE: 1e-9

#pragma dvm array distribute[block]
double A[N];
#pragma dvm array align([i] with A[i])
double B[N];

static void kernel_jacobi_1d(int tsteps, int n)
{
    int t, i;
    for (t = 0; t < tsteps; t++) {
#pragma dvm region inout(A, B)
        {
#pragma dvm parallel([i] on B[i]) shadow_renew(A)
            for (i = 1; i < n - 1; i++)
                B[i] = 0.33333 * (A[i - 1] + A[i] + A[i + 1]);
#pragma dvm parallel([i] on A[i]) shadow_renew(B)
            for (i = 1; i < n - 1; i++)
                A[i] = 0.33333 * (B[i - 1] + B[i] + B[i + 1]);
        }
    }
}

int main(void)
{
    int i;
    double s = 0;
#pragma dvm parallel([i] on A[i])
    for (i = 0; i < N; i++) {
        A[i] = ((double)i + 2) / N;
        B[i] = ((double)i + 3) / N;
    }
    kernel_jacobi_1d(TSTEPS, N);
#pragma dvm get_actual(A)
#pragma dvm parallel([i] on A[i]) reduction(sum(s))
    for (i = 0; i < N; i++)
        s += A[i] * (i % 10);
    printf("A checksum %.6e\n", s);
#pragma dvm remote_access(A[N / 2])
    {
        printf("A[N/2] %.6e\n", A[N / 2]);
    }
    return 0;
}
