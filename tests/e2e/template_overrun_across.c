/* Across loops whose ranges go past the template (see w_template_overrun.c):
 * the iterations outside run on the process owning the nearest edge, in
 * the pipeline's order, so the recurrences and the counts below match the
 * sequential program on any number of processes and devices. */
#include <stdio.h>

#define N 30
#define M 20
// TOLERANCE: 1e-9

#pragma dvm template[N][M] distribute[block][block]
void *T;
#pragma dvm array align([i][j] with T[i][j]), shadow[1:1][1:1]
double A[N][M];

int main(void)
{
    int i, j;
    long outside = 0;
    double s = 0;
#pragma dvm region out(A)
    {
#pragma dvm parallel([i][j] on A[i][j])
        for (i = 0; i < N; i++)
            for (j = 0; j < M; j++)
                A[i][j] = (i * 7 + j * 3) % 11;
    }
#pragma dvm region
    {
        /* two rows and a column beyond each end of T */
#pragma dvm parallel([i][j] on T[i][j]) across(A[1:0][1:0]) reduction(sum(outside))
        for (i = -2; i < N + 2; i++)
            for (j = -1; j <= M; j++) {
                if (i >= 1 && i < N && j >= 1 && j < M)
                    A[i][j] = 0.5 * A[i - 1][j] + 0.25 * A[i][j - 1] + 0.125 * A[i][j];
                else
                    outside += i * 100 + j;
            }
#pragma dvm parallel([i][j] on T[i][j]) reduction(sum(s))
        for (i = 0; i < N; i++)
            for (j = 0; j < M; j++)
                s += A[i][j] * ((i + 2 * j) % 5 + 1);
    }
#pragma dvm get_actual(outside, s)
    printf("outside %ld s %.10e\n", outside, s);
    return 0;
}
