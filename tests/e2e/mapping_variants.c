/* Loop mappings beyond the plain [i][j] on A[i][j]: loop variables in the
 * other order than the array's dimensions, an offset a*i+b in 'on', arrays
 * aligned with an offset onto a template, shadow renewal of such arrays,
 * and one inherit function called with differently distributed arrays. */
#include <stdio.h>

#define N 26
#define M 15
// TOLERANCE: 1e-12

#pragma dvm template[N + 2][M] distribute[block][block]
void *T;
#pragma dvm array align([i][j] with T[i + 1][j])
double A[N][M];
#pragma dvm array align([i][j] with T[i + 2][j])
double B[N][M];
#pragma dvm array distribute[][block]
double C[N][M];

#pragma dvm inherit(X)
static double weighted(double (*X)[M])
{
    int i, j;
    double s = 0;
#pragma dvm parallel([i][j] on X[i][j]) reduction(sum(s))
    for (i = 0; i < N; i++)
        for (j = 0; j < M; j++)
            s += X[i][j] * ((i * 3 + j) % 8 + 1);
    return s;
}

int main(void)
{
    int i, j;
    /* the column index outermost */
#pragma dvm parallel([j][i] on A[i][j])
    for (j = 0; j < M; j++)
        for (i = 0; i < N; i++)
            A[i][j] = i * 0.5 + j * 0.25;
    /* mapped on the template: iteration (i, j) where T[i + 2][j] lives */
#pragma dvm parallel([i][j] on T[i + 2][j])
    for (i = 0; i < N; i++)
        for (j = 0; j < M; j++)
            B[i][j] = i - j;
    /* offset in 'on': the element written is B[i - 1][j], which lives
     * with A[i][j] (both at T[i + 1][j]); A's neighbours come from its
     * shadow edges */
#pragma dvm parallel([i][j] on B[i - 1][j]) shadow_renew(A)
    for (i = 1; i < N - 1; i++)
        for (j = 1; j < M - 1; j++)
            B[i - 1][j] = A[i][j] + A[i - 1][j] - A[i + 1][j] * 0.5 + A[i][j + 1] - A[i][j - 1] * 2;
    /* downward columns, upward rows, steps */
    /* C is distributed independently of B: B's elements are fetched */
#pragma dvm parallel([j][i] on C[i][j]) remote_access(B[i - 1][j], B[i + 1][j])
    for (j = M - 1; j >= 0; j -= 2)
        for (i = 1; i < N - 1; i += 2)
            C[i][j] = B[i - 1][j] * 2 + B[i + 1][j];
#pragma dvm parallel([i][j] on C[i][j])
    for (i = 0; i < N; i++)
        for (j = 0; j < M; j++)
            if (i % 2 == 0 || j % 2 != (M - 1) % 2 || i == N - 1)
                C[i][j] = -1;
    printf("A %.8e B %.8e C %.8e\n", weighted(A), weighted(B), weighted(C));
    return 0;
}
