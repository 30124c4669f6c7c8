/* Comments everywhere inside directives: line comments after the last
 * clause, block comments between clauses and inside clause lists, comments
 * on continuation lines of a directive split with backslashes. Style: a
 * Jacobi 2-D relaxation as in the DVM system's examples (malloc'ed arrays,
 * actual/get_actual around the iteration's print). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define Max(a, b) ((a) > (b) ? (a) : (b))
#define L 40
#define ITMAX 15
// TOLERANCE: 1e-9

int main(int argc, char **argv)
{
    int i, j, it;
    double eps, maxeps = 0.5e-7;
    double s;
    long cnt = 0;

#pragma dvm array distribute[block][block] /* rows and columns */, shadow[1][1] // edges
    double (*A)[L];
#pragma dvm array align([i][j] /* same shape */ with A[i][j]) // B follows A
    double (*B)[L];

    (void)argc;
    (void)argv;
    A = malloc(L * L * sizeof(double));
    B = malloc(L * L * sizeof(double));

#pragma dvm region /* initialisation */ out(A, /* and */ B) // both written
    {
#pragma dvm parallel([i][j] on A[i][j]) /* no clauses */
        for (i = 0; i < L; i++)
            for (j = 0; j < L; j++) {
                A[i][j] = 0;
                if (i == 0 || j == 0 || i == L - 1 || j == L - 1)
                    B[i][j] = 0;
                else
                    B[i][j] = 1 + i + j;
            }
    }

    for (it = 1; it <= ITMAX; it++) {
        eps = 0;
#pragma dvm actual(eps) // the host just changed eps
#pragma dvm region
        {
#pragma dvm parallel([i][j] on A[i][j]) reduction(max(eps)) // stage(4)
            for (i = 1; i < L - 1; i++)
                for (j = 1; j < L - 1; j++) {
                    double tmp = fabs(B[i][j] - A[i][j]);
                    eps = Max(tmp, eps);
                    A[i][j] = B[i][j];
                }
#pragma dvm parallel([i][j] on B[i][j]) /* renew A's edges */ shadow_renew(A) \
                /* continuation: nothing else */ // and a line comment
            for (i = 1; i < L - 1; i++)
                for (j = 1; j < L - 1; j++)
                    B[i][j] = (A[i - 1][j] + A[i][j - 1] + A[i][j + 1] + A[i + 1][j]) / 4.;
        }
#pragma dvm get_actual(eps) /* for the print */
        printf(" IT = %4i   EPS = %14.7E\n", it, eps);
        if (eps < maxeps)
            break;
    }

    s = 0;
#pragma dvm region
    {
#pragma dvm parallel([i][j] on A[i][j]) reduction(sum(s), /* a second one */ \
        sum(cnt)) /* after the last clause */
        for (i = 0; i < L; i++)
            for (j = 0; j < L; j++) {
                s += A[i][j] * (i + 2 * j + 1);
                if (B[i][j] > 10.0)
                    cnt++;
            }
    }
#pragma dvm get_actual(s, cnt)
    printf("checksum = %.6e  above10 = %ld\n", s, cnt);

    free(B);
    free(A);
    return cnt > 0 ? 0 : 1;
}
