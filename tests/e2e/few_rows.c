/* More processes than rows: a 3-row array (some processes own nothing),
 * a 1-element array, and sizes 5 and 7 that no process count divides. */
#include <stdio.h>

// TOLERANCE: 0

#pragma dvm array distribute[block][block]
int R[3][7];
#pragma dvm array distribute[block]
long One[1];
#pragma dvm array distribute[][block]
int C[5][7];

int main(void)
{
    int i, j, s = 0, mx = -1, c = 0;
    long o = 0;
#pragma dvm parallel([i][j] on R[i][j])
    for (i = 0; i < 3; i++)
        for (j = 0; j < 7; j++)
            R[i][j] = i * 10 + j;
#pragma dvm parallel([i] on One[i])
    for (i = 0; i < 1; i++)
        One[i] = 42;
#pragma dvm parallel([i][j] on C[i][j])
    for (i = 0; i < 5; i++)
        for (j = 0; j < 7; j++)
            C[i][j] = i + j;
#pragma dvm parallel([i][j] on R[i][j]) reduction(sum(s), max(mx))
    for (i = 0; i < 3; i++)
        for (j = 0; j < 7; j++) {
            s += R[i][j];
            if (R[i][j] * (j % 3) > mx)
                mx = R[i][j] * (j % 3);
        }
#pragma dvm parallel([i] on One[i]) reduction(sum(o))
    for (i = 0; i < 1; i++)
        o += One[i];
#pragma dvm parallel([i][j] on C[i][j]) reduction(sum(c))
    for (i = 0; i < 5; i++)
        for (j = 0; j < 7; j++)
            c += C[i][j] * (i + 1);
    printf("s=%d max=%d one=%ld c=%d\n", s, mx, o, c);
#pragma dvm remote_access(R[2][6], C[4][0])
    {
        printf("R[2][6]=%d C[4][0]=%d\n", R[2][6], C[4][0]);
    }
    return 0;
}
