/* Loops whose rows cost very different amounts of work, so that on two
 * threads the one with the cheap half finishes first and takes parts of
 * the other's block (dvmh_thread_next): order-free reductions (max of
 * double, integer sum, min, bitwise and/or), a loop whose threads share
 * dimension 1 under an across dependence along dimension 0, a downward
 * loop with a step, and the loops that keep static blocks (a double sum,
 * maxloc). Everything must still equal the sequential run. */
#include <stdio.h>

#define N 96
#define M 40
// TOLERANCE: 1e-12

#pragma dvm array distribute[block][block], shadow[1][0]
long A[N][M];
#pragma dvm array align([i][j] with A[i][j])
double B[N][M];

/* A few hundred steps of an integer recurrence for the expensive rows. */
static long work(long seed, int steps)
{
    unsigned long x = (unsigned long)seed * 2654435761u + 1;
    for (int s = 0; s < steps; s++)
        x = x * 6364136223846793005ul + 1442695040888963407ul;
    return (long)(x >> 40);
}

int main(void)
{
    int i, j;
    long total = 0, all_and = -1, any_or = 0;
    int least = 1 << 30;
    double top = -1, fsum = 0, best = -1;
    int loc[2] = {-1, -1};
#pragma dvm region out(A, B)
    {
        /* the rows of the second half cost 400 steps, the first half 1 */
#pragma dvm parallel([i][j] on A[i][j])
        for (i = 0; i < N; i++)
            for (j = 0; j < M; j++) {
                A[i][j] = work(i * M + j, i >= N / 2 ? 400 : 1);
                B[i][j] = (double)(A[i][j] % 1000) / 7.0;
            }
    }
#pragma dvm region
    {
#pragma dvm parallel([i][j] on A[i][j]) reduction(sum(total), min(least), max(top), and(all_and), or(any_or))
        for (i = 0; i < N; i++)
            for (j = 0; j < M; j++) {
                long v = work(A[i][j], i < N / 3 ? 300 : 2);
                total += v % 100003;
                if ((int)(v % 99991) < least)
                    least = (int)(v % 99991);
                if (B[i][j] > top)
                    top = B[i][j];
                all_and &= v | 1;
                any_or |= v & 0xff;
                B[i][j] += (double)(v % 13);
            }
        /* across along i: the threads share j, its rows j > M/2 cost more */
#pragma dvm parallel([i][j] on A[i][j]) across(A[1:0][0:0])
        for (i = 1; i < N; i++)
            for (j = 0; j < M; j++)
                A[i][j] = (A[i - 1][j] + work(A[i][j], j > M / 2 ? 200 : 1)) % 1000003;
        /* downward with a step of 2 */
#pragma dvm parallel([i][j] on B[i][j])
        for (i = N - 1; i >= 0; i -= 2)
            for (j = 0; j < M; j++)
                B[i][j] = B[i][j] * 0.5 + (double)(work(i + j, i < N / 4 ? 300 : 1) % 17);
        /* static blocks: a floating-point sum and a maxloc */
#pragma dvm parallel([i][j] on B[i][j]) reduction(sum(fsum))
        for (i = 0; i < N; i++)
            for (j = 0; j < M; j++)
                fsum += B[i][j] * (double)(work(i, i >= N / 2 ? 100 : 1) % 5);
#pragma dvm parallel([i][j] on B[i][j]) reduction(maxloc(best, loc))
        for (i = 0; i < N; i++)
            for (j = 0; j < M; j++)
                if ((double)(long)B[i][j] > best) {
                    best = (double)(long)B[i][j];
                    loc[0] = i;
                    loc[1] = j;
                }
    }
#pragma dvm get_actual(total, least, top, all_and, any_or, fsum, best, loc)
    long check = 0;
    double bsum = 0;
#pragma dvm parallel([i][j] on A[i][j]) reduction(sum(check), sum(bsum))
    for (i = 0; i < N; i++)
        for (j = 0; j < M; j++) {
            check += A[i][j] % 1009 * (i + 2 * j + 1);
            bsum += B[i][j] * (i + 1);
        }
    printf("total=%ld least=%d top=%.6f and=%ld or=%ld\n", total, least, top, all_and, any_or);
    printf("fsum=%.10e maxloc=%.1f at [%d][%d]\n", fsum, best, loc[0], loc[1]);
    printf("A check=%ld B sum=%.10e\n", check, bsum);
    return 0;
}
