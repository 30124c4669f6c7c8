/* host_section as the DVM system means it: a compound statement inside a
 * region that the host executes as plain code at that point of the region
 * (not a sequential part handled by the runtime). The program brings what
 * it reads to the host with get_actual inside the section and declares
 * what the host changed with actual, so the region's next loop sees it.
 * Style: a relaxation that adapts its factor from the residual of the
 * current iteration and keeps a history in an ordinary array. */
#include <math.h>
#include <stdio.h>

#define N 36
#define ITMAX 12
// TOLERANCE: 1e-9

#pragma dvm array distribute[block][block]
double A[N][N];
#pragma dvm array align([i][j] with A[i][j])
double B[N][N];
double history[ITMAX];

int main(void)
{
    int i, j, it;
    double eps, relax = 1.0, s = 0;
    int switched = 0;

#pragma dvm region out(A, B)
    {
#pragma dvm parallel([i][j] on A[i][j])
        for (i = 0; i < N; i++)
            for (j = 0; j < N; j++) {
                A[i][j] = (i == 0 || j == N - 1) ? 5.0 : 0.0;
                B[i][j] = A[i][j];
            }
    }
    for (it = 0; it < ITMAX; it++) {
        eps = 0;
#pragma dvm actual(eps)
#pragma dvm region
        {
#pragma dvm parallel([i][j] on B[i][j]) shadow_renew(A) reduction(max(eps))
            for (i = 1; i < N - 1; i++)
                for (j = 1; j < N - 1; j++) {
                    B[i][j] = (A[i - 1][j] + A[i + 1][j] + A[i][j - 1] + A[i][j + 1]) / 4;
                    eps = fmax(eps, fabs(B[i][j] - A[i][j]));
                }
#pragma dvm host_section
            {
#pragma dvm get_actual(eps)
                history[it] = eps;
                if (!switched && eps < 0.3) {
                    relax = 1.5;
                    switched = it;
                }
#pragma dvm actual(relax, history)
            }
#pragma dvm parallel([i][j] on A[i][j])
            for (i = 1; i < N - 1; i++)
                for (j = 1; j < N - 1; j++)
                    A[i][j] = A[i][j] + relax * (B[i][j] - A[i][j]);
        }
    }
#pragma dvm region
    {
#pragma dvm parallel([i][j] on A[i][j]) reduction(sum(s))
        for (i = 0; i < N; i++)
            for (j = 0; j < N; j++)
                s += A[i][j] * ((i * 5 + j) % 9);
#pragma dvm host_section
        {
#pragma dvm get_actual(s)
            printf("checksum inside the region %.6e\n", s);
        }
    }
#pragma dvm get_actual(history)
    for (it = 0; it < ITMAX; it += 3)
        printf("it %2d eps %.6e\n", it, history[it]);
    printf("relaxation switched at iteration %d\n", switched);
    return switched > 0 ? 0 : 1;
}
