/* Executable remapping: redistribute an array (and with it the arrays
 * aligned to it) between several formats, keeping the values; a realign
 * of a vector from a template's rows to its columns; a loop between each remapping. */
#include <stdio.h>

#define N 18
#define M 13
// TOLERANCE: 1e-12

#pragma dvm array distribute[block][block]
double A[N][M];
#pragma dvm array align([i][j] with A[i][j])
double B[N][M];
#pragma dvm template[N][N] distribute[block][block]
void *T;
#pragma dvm array align([i] with T[i][])
double R[N];

static double step(void)
{
    int i, j;
    double s = 0;
#pragma dvm parallel([i][j] on B[i][j]) shadow_renew(A)
    for (i = 1; i < N - 1; i++)
        for (j = 1; j < M - 1; j++)
            B[i][j] = A[i - 1][j] + A[i + 1][j] - A[i][j - 1] * 0.5 + A[i][j + 1] * 0.25;
#pragma dvm parallel([i][j] on A[i][j]) reduction(sum(s))
    for (i = 1; i < N - 1; i++)
        for (j = 1; j < M - 1; j++) {
            A[i][j] = B[i][j] / 2;
            s += A[i][j] * (i + j);
        }
    return s;
}

int main(void)
{
    int i, j;
    double s = 0;
#pragma dvm parallel([i][j] on A[i][j])
    for (i = 0; i < N; i++)
        for (j = 0; j < M; j++) {
            A[i][j] = (i * 5 + j * 3) % 7;
            B[i][j] = 0;
        }
    printf("block x block: %.8e\n", step());
#pragma dvm redistribute(A[block][*])
    printf("block x *:     %.8e\n", step());
#pragma dvm redistribute(A[*][block])
    printf("* x block:     %.8e\n", step());
#pragma dvm redistribute(A[block][block])
    printf("block x block: %.8e\n", step());
#pragma dvm parallel([i] on R[i])
    for (i = 0; i < N; i++)
        R[i] = i + 0.5;
#pragma dvm realign(R[i] with T[][i])
#pragma dvm parallel([i] on R[i]) reduction(sum(s))
    for (i = 0; i < N; i++)
        s += R[i] * R[i];
    printf("R: %.4f\n", s);
    s = 0;
#pragma dvm parallel([i][j] on A[i][j]) reduction(sum(s))
    for (i = 0; i < N; i++)
        for (j = 0; j < M; j++)
            s += A[i][j] - B[i][j];
    printf("A-B: %.8e\n", s);
    return 0;
}
