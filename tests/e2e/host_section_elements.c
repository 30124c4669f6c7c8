/* host_section with distributed elements: between two loops of a region
 * the host reads elements the first loop computed (brought with
 * get_actual of exactly those elements) and changes others, declared with
 * actual of exactly those elements, so the second loop and the next
 * iteration see them; the rest of the array stays where the loops left
 * it (on the accelerators). */
#include <stdio.h>
#define N 20
#pragma dvm array distribute[block][block]
double A[N][N];
int main(void)
{
    int i, j, it;
    double s = 0, corner = 0;
#pragma dvm region out(A)
    {
#pragma dvm parallel([i][j] on A[i][j])
        for (i = 0; i < N; i++)
            for (j = 0; j < N; j++)
                A[i][j] = i + 0.5 * j;
    }
    for (it = 0; it < 3; it++) {
#pragma dvm region
        {
#pragma dvm parallel([i][j] on A[i][j])
            for (i = 0; i < N; i++)
                for (j = 0; j < N; j++)
                    A[i][j] = A[i][j] * 1.5 + 1;
#pragma dvm host_section
            {
#pragma dvm get_actual(A[N-1][N-1], A[0][0])
                corner += A[N - 1][N - 1];
                A[0][0] = -corner;
                A[N / 2][3] = 7;
#pragma dvm actual(A[0][0], A[N / 2][3])
            }
#pragma dvm parallel([i][j] on A[i][j]) reduction(sum(s))
            for (i = 0; i < N; i++)
                for (j = 0; j < N; j++)
                    s += A[i][j] * (i + 1);
        }
    }
    printf("%.6e %.6e\n", s, corner);
    return 0;
}
