/* Check mode (dvmcc -fdvmh-check, issue 16): a reduction variable used
 * other than in its reduction. The loop sums into s and also compares the
 * running sum (as plain C, the sum of the iterations so far; in a parallel
 * loop, only the part this process's thread has summed). The check stops
 * every process at the use, naming the iteration; the updates of the
 * reductions (sum, max with a macro, max and its location with an 'if',
 * product) are accepted. */
#include <stdio.h>

// E2E: dvmcc-flags -fdvmh-check
// E2E: expect-run-error check_reduction.c:41: error: check: reduction variable 's' is used other than in its reduction's update in iteration (i=3, j=5)

#define N 8
#define M 10
#define MAX(a, b) ((a) > (b) ? (a) : (b))

#pragma dvm array distribute[block][block]
double A[N][M];

int main(void)
{
    int i, j, where[2] = {-1, -1}, big = 0;
    double s = 0, m = -1, top = -1, prod = 1;
#pragma dvm parallel([i][j] on A[i][j])
    for (i = 0; i < N; i++)
        for (j = 0; j < M; j++)
            A[i][j] = (i * 7 + j * 3) % 11;
#pragma dvm parallel([i][j] on A[i][j]) reduction(sum(s), max(m), maxloc(top, where, 2), \
        product(prod), sum(big))
    for (i = 0; i < N; i++)
        for (j = 0; j < M; j++) {
            double v = A[i][j];
            s = s + v;
            m = MAX(m, v);
            if (v > top) {
                top = v;
                where[0] = i;
                where[1] = j;
            }
            prod *= 1 + v / 1000;
            if (i == 3 && j == 5 && s > 100) /* the misuse */
                big++;
        }
    printf("s=%.1f m=%.1f top=%.1f at %d,%d prod=%.6f big=%d\n", s, m, top, where[0], where[1],
           prod, big);
    return 0;
}
