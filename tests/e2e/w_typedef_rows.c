/* Modern C style: loop variables declared in the for statements (int and
 * long), a typedef'd row type for ordinary data read in the loops (a
 * distributed array of it is refused: "not supported yet"), an
 * asymmetric shadow (two below, one above), const parameters, and a
 * compound assignment through a pointer to a struct of counters. */
#include <stdio.h>

#define N 48
#define M 36

typedef double row_t[M];

typedef struct {
    long updates;
    double total;
} stats_t;

#pragma dvm array distribute[block][], shadow[2:1][0:0]
double U[N][M];
#pragma dvm array align([i][j] with U[i][j])
double W[N][M];

static row_t scale[2];

static double weight(const int i, const int j)
{
    return 1.0 + ((i * 3 + j) % 5) * 0.125;
}

int main(void)
{
    stats_t st = {0, 0.0};
    double total = 0;
    long updates = 0;
    for (int j = 0; j < M; j++) {
        scale[0][j] = 0.5 + 0.01 * j;
        scale[1][j] = 0.125;
    }
#pragma dvm region out(U, W)
    {
#pragma dvm parallel([i][j] on U[i][j])
        for (int i = 0; i < N; i++)
            for (int j = 0; j < M; j++) {
                U[i][j] = weight(i, j);
                W[i][j] = 0;
            }
    }
    for (int it = 0; it < 4; it++) {
#pragma dvm region
        {
#pragma dvm parallel([i][j] on W[i][j]) shadow_renew(U) reduction(sum(updates))
            for (long i = 2; i < N - 1; i++)
                for (long j = 0; j < M; j++) {
                    W[i][j] = scale[0][j] * U[i][j] + 0.25 * U[i - 2][j] +
                              scale[1][j] * (U[i - 1][j] + U[i + 1][j]);
                    updates += 1;
                }
#pragma dvm parallel([i][j] on U[i][j])
            for (int i = 2; i < N - 1; i++)
                for (int j = 0; j < M; j++)
                    U[i][j] = W[i][j];
        }
    }
#pragma dvm region
    {
#pragma dvm parallel([i][j] on U[i][j]) reduction(sum(total))
        for (int i = 0; i < N; i++)
            for (int j = 0; j < M; j++)
                total += U[i][j] * (j + 1);
    }
#pragma dvm get_actual(total, updates)
    st.total += total;
    st.updates += updates;
    stats_t *p = &st;
    p->total *= 0.5;
#pragma dvm get_actual(U[N / 2][])
    printf("updates %ld total %.10e mid %.10f\n", p->updates, p->total, U[N / 2][M / 3]);
    return 0;
}
