/* Check mode (-fdvmh-check) finds a missing shadow_renew in a loop that
 * runs on the accelerator (DVMH_CPU_PERF=0: all of it there): the device's
 * thread reports it and stops the program, and nothing waits for that
 * thread on the way out (it hung in the runtime's atexit handler, which
 * waited for the device to finish the task that was failing). */
#include <stdio.h>

#define N 64
#pragma dvm array distribute[block]
double A[N];
#pragma dvm array align([i] with A[i])
double B[N];

int main(void)
{
    int i;
    double s = 0;
#pragma dvm region
    {
#pragma dvm parallel([i] on A[i])
        for (i = 0; i < N; i++)
            A[i] = i;
#pragma dvm parallel([i] on B[i]) reduction(sum(s))
        for (i = 1; i < N - 1; i++) {
            B[i] = A[i - 1] + A[i + 1];
            s += B[i];
        }
    }
#pragma dvm get_actual(s)
    printf("%g\n", s);
    return 0;
}
