/* Private variables of several kinds: scalars listed in private(), a
 * private array, variables declared in the loop body, a loop variable
 * declared in the for statement, and a value read from outside (passed by
 * value) next to them. */
#include <stdio.h>

#define N 27
#define M 10
// TOLERANCE: 1e-12

#pragma dvm array distribute[block][block]
double A[N][M];
#pragma dvm array align([i][j] with A[i][j])
int K[N][M];

int main(void)
{
    int i, j, n2, q;
    double w[3], scale = 0.125, s = 0;
    long ks = 0;
#pragma dvm parallel([i][j] on A[i][j]) private(w, n2, q)
    for (i = 0; i < N; i++)
        for (j = 0; j < M; j++) {
            w[0] = i * scale;
            w[1] = j * scale * 2;
            w[2] = w[0] * w[1];
            n2 = i * i;
            q = n2 % 7;
            A[i][j] = w[0] + w[1] - w[2] + q;
            K[i][j] = n2 + j;
        }
#pragma dvm parallel([i][jj] on A[i][jj]) reduction(sum(s), sum(ks))
    for (i = 0; i < N; i++)
        for (int jj = 0; jj < M; jj++) {
            double local[2];
            int t = K[i][jj] % 5;
            local[0] = A[i][jj] * t;
            local[1] = local[0] - scale;
            s += local[1];
            ks += t * (long)K[i][jj];
        }
    printf("s=%.10f ks=%ld\n", s, ks);
    return 0;
}
