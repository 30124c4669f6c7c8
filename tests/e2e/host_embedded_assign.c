/* Assignments to distributed elements inside expressions in host code:
 * chains setting boundaries (A[i][0] = A[i][M-1] = B[i][0] = 1), the
 * value of an assignment used (x = A[6] = v, f(A[4] = 44), a loop's
 * condition), comma expressions and a for loop's increment, ?:, compound
 * assignments and ++/-- whose value is used (fractional doubles too).
 * Each element is stored by its owner; accelerators hold copies from the
 * regions around. Only a statement that is a single assignment was
 * guarded before: the inner assignments were compiled as reads (wrong
 * sums with accelerators, a stop on several processes). */
// E2E: dvmcc-flags -Wall -Wextra -Werror
#include <stdio.h>

#define N 10
#define M 8

#pragma dvm array distribute[block][block]
double A[N][M];
#pragma dvm array align([i][j] with A[i][j])
int B[N][M];
#pragma dvm array distribute[block]
int V[N];
#pragma dvm array distribute[block]
double W[N];

static int id(int x) { return x; }

static double weigh(void)
{
    double s = 0;
    long t = 0;
#pragma dvm region
    {
#pragma dvm parallel([i][j] on A[i][j]) reduction(sum(s), sum(t))
        for (int i = 0; i < N; i++)
            for (int j = 0; j < M; j++) {
                s += A[i][j] * (i * M + j + 1);
                t += B[i][j] * (i + 2 * j + 1);
            }
#pragma dvm parallel([i] on V[i]) reduction(sum(s), sum(t))
        for (int i = 0; i < N; i++) {
            t += V[i] * (i + 1);
            s += W[i] * (i + 3);
        }
    }
    return s + t;
}

int main(void)
{
    int i, t, c = 1;
    double x, y;
#pragma dvm region
    {
#pragma dvm parallel([i][j] on A[i][j])
        for (int i = 0; i < N; i++)
            for (int j = 0; j < M; j++) {
                A[i][j] = i * 0.5 + j;
                B[i][j] = i - j;
            }
#pragma dvm parallel([i] on V[i])
        for (int i = 0; i < N; i++) {
            V[i] = i * i;
            W[i] = i + 0.1;
        }
    }
    /* boundaries, as chains */
    for (i = 0; i < N; i++)
        A[i][0] = A[i][M - 1] = B[i][0] = B[i][M - 1] = i + 100;
    for (int j = 0; j < M; j++)
        B[0][j] = B[N - 1][j] = -j;
    A[0][0] = V[N - 1] = 7;
    printf("chains: %.2f\n", weigh());

    /* values of assignments */
    x = A[6][3] = 100.25;
    y = (A[1][1] = 7) + 1;
    t = id(V[4] = 44);
    i = 5;
    while ((V[i] = i * 3) < 20)
        i++;
    if ((V[2] = 3) > 2)
        t += V[2];
    c ? (V[0] = 1) : (V[1] = 2);
    for (i = 0; i < 2; B[i][i] = 50, i++)
        ;
    printf("values: %.2f %.2f %d %d %.2f\n", x, y, t, i, weigh());

    /* compound assignments and ++/-- used as values */
    t = V[1] += 5;
    t += B[3][3] *= 2;
    x = W[2]++;
    y = ++W[3] + W[4]--;
    x += --W[5] - W[2];
    A[2][2] += t, V[7] -= 1, B[5][5]++;
    t += V[6]-- + ++V[8];
    printf("compound: %d %.2f %.2f %.2f %.2f %.2f\n", t, x, y, W[2], W[4], weigh());
    return 0;
}
