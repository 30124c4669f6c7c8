/* realign in sequences: a vector without a distribution until realign,
 * realigned onto a template's rows, then its columns, then mirrored
 * (T[N - 1 - i]) and strided (T[2 * i]); an array realigned from one
 * array to another with an offset, with shadow reads after each move; the
 * template redistributed with the arrays aligned to it following. Values
 * are kept across every remapping. In check mode on 3 processes the
 * checker's companion arrays used to be remade on some processes only
 * after a realign (their local parts compared): a hang in MPI. */
#include <stdio.h>
// TOLERANCE: 1e-9

#define N 14

#pragma dvm template[2 * N][2 * N] distribute[block][block]
void *T;
#pragma dvm array
double X[N];
#pragma dvm array align([i][j] with T[i][j]), shadow[2][2]
double G[N][N];
#pragma dvm array align([i][j] with T[i + 1][j + 1]), shadow[2][2]
double H[N][N];

static double weigh_x(void)
{
    int i;
    double s = 0;
#pragma dvm parallel([i] on X[i]) reduction(sum(s))
    for (i = 0; i < N; i++)
        s += X[i] * (i + 1);
    return s;
}

static double step(void)
{
    int i, j;
    double s = 0;
#pragma dvm parallel([i][j] on H[i][j]) shadow_renew(G(corner))
    for (i = 1; i < N - 1; i++)
        for (j = 1; j < N - 1; j++)
            H[i][j] = G[i - 1][j] + G[i + 1][j] - G[i][j - 1] * 0.5 + G[i][j + 1] * 0.25;
#pragma dvm parallel([i][j] on G[i][j]) shadow_renew(H(corner)) reduction(sum(s))
    for (i = 1; i < N - 1; i++)
        for (j = 1; j < N - 1; j++) {
            G[i][j] = (H[i][j] + H[i - 1][j] + H[i][j + 1]) / 4;
            s += G[i][j] * (i * N + j);
        }
    return s;
}

int main(void)
{
    int i, j;
#pragma dvm realign(X[i] with T[i][])
#pragma dvm parallel([i] on X[i])
    for (i = 0; i < N; i++)
        X[i] = i * 1.5 - 3;
#pragma dvm parallel([i][j] on G[i][j])
    for (i = 0; i < N; i++)
        for (j = 0; j < N; j++) {
            G[i][j] = (i * 3 + j * 5) % 7;
        }
#pragma dvm parallel([i][j] on H[i][j])
    for (i = 0; i < N; i++)
        for (j = 0; j < N; j++)
            H[i][j] = 0;
    printf("rows:     X %.6f step %.10e\n", weigh_x(), step());
#pragma dvm realign(X[i] with T[][i])
    printf("columns:  X %.6f\n", weigh_x());
#pragma dvm realign(X[i] with T[2 * N - 1 - i][])
    printf("mirrored: X %.6f\n", weigh_x());
#pragma dvm realign(X[i] with T[][2 * i])
    printf("strided:  X %.6f\n", weigh_x());
#pragma dvm realign(H[i][j] with T[i][j])
    printf("H no offset: step %.10e\n", step());
#pragma dvm redistribute(T[block][*])
    printf("T rows:   X %.6f step %.10e\n", weigh_x(), step());
#pragma dvm realign(H[i][j] with G[i][j])
#pragma dvm redistribute(T[*][block])
    printf("T cols:   X %.6f step %.10e\n", weigh_x(), step());
#pragma dvm parallel([i] on X[i]) remote_access(G[i][N - 1 - i])
    for (i = 0; i < N; i++)
        X[i] = X[i] + G[i][N - 1 - i];
    printf("final:    X %.10e\n", weigh_x());
    return 0;
}
