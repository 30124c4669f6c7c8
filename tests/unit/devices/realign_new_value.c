/* realign ... new_value: the array's old values are not kept, so nothing
 * moves (neither from the accelerator nor between processes); a plain
 * realign moves them. B, written on the accelerator, is realigned
 * reversed twice: with new_value (then written again), and without (its
 * values read after). */
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
        for (i = 0; i < N; i++) {
            A[i] = i;
            B[i] = 2 * i;
        }
    }
#pragma dvm realign(B[i] with A[N - 1 - i]) new_value
#pragma dvm region
    {
#pragma dvm parallel([i] on B[i])
        for (i = 0; i < N; i++)
            B[i] = 3 * i;
    }
#pragma dvm realign(B[i] with A[i])
#pragma dvm region
    {
#pragma dvm parallel([i] on A[i]) reduction(sum(s))
        for (i = 0; i < N; i++)
            s += A[i] * B[i];
    }
#pragma dvm get_actual(s)
    printf("%g\n", s);
    return 0;
}
