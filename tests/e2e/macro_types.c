/* Declarations written with macros and typedefs, as users' programs often
 * are: the element type of distributed arrays is a macro or a typedef, the
 * sizes are macros, the loop bounds are macro expressions. */
#include <stdio.h>

#define REAL double
#define SIZE_X (10 + 7)
#define SIZE_Y 2 * 5
#define LAST(n) ((n) - 1)
typedef float real4;
// TOLERANCE: 1e-6

#pragma dvm array distribute[block][block]
REAL A[SIZE_X][SIZE_Y];
#pragma dvm array align([i][j] with A[i][j])
real4 B[SIZE_X][SIZE_Y];

int main(void)
{
    int i, j;
    REAL s = 0;
    real4 f = 0;
#pragma dvm parallel([i][j] on A[i][j])
    for (i = 0; i <= LAST(SIZE_X); i++)
        for (j = 0; j < SIZE_Y; j++) {
            A[i][j] = i * 0.5 + j;
            B[i][j] = (real4)(i - j) / 4;
        }
#pragma dvm parallel([i][j] on A[i][j]) shadow_renew(B) reduction(sum(s), sum(f))
    for (i = 1; i < LAST(SIZE_X); i++)
        for (j = 1; j < LAST(SIZE_Y); j++) {
            s += A[i][j] * (B[i - 1][j] + B[i][j + 1]);
            f += B[i][j];
        }
    printf("s=%.6f f=%.4f\n", (double)s, (double)f);
    return 0;
}
