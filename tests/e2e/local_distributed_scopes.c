/* Distributed arrays and templates local to a block go away on every way
 * out of it: a function's return in the middle, a break out of a loop's
 * block, the block's end; a local template with an array aligned with it
 * (was destroyed as an array: a crash), a goto inside a block, after
 * the declaration; attributes on the declarations. Called many times, so a leak or a double destroy shows. */
#include <stdio.h>

#define N 40

static double early(int k)
{
    int i;
    double s = 0;
#pragma dvm array distribute[block]
    double A[N];
#pragma dvm parallel([i] on A[i])
    for (i = 0; i < N; i++)
        A[i] = i * k;
    if (k % 2)
        return A[N / 2];
#pragma dvm parallel([i] on A[i]) reduction(sum(s))
    for (i = 0; i < N; i++)
        s += A[i];
    return s;
}

static double with_template(int k)
{
    int i, j;
    double s = 0;
#pragma dvm template[N][N] distribute[block][block]
    void *T __attribute__((unused));
#pragma dvm array align([i][j] with T[i][j]), shadow[1][1]
    double B[N][N];
#pragma dvm array align([i][j] with T[j][i])
    double C[N][N];
#pragma dvm parallel([i][j] on T[i][j])
    for (i = 0; i < N; i++)
        for (j = 0; j < N; j++) {
            B[i][j] = i + k * j;
            C[j][i] = i - j;
        }
#pragma dvm parallel([i][j] on B[i][j]) shadow_renew(B) reduction(sum(s))
    for (i = 1; i < N - 1; i++)
        for (j = 1; j < N - 1; j++)
            s += B[i - 1][j] + B[i][j + 1] + C[j][i];
    return s;
}

static double loop_blocks(int k)
{
    int i, r;
    double s = 0;
    for (r = 0; r < 4; r++) {
#pragma dvm array distribute[block]
        int D[N];
#pragma dvm parallel([i] on D[i])
        for (i = 0; i < N; i++)
            D[i] = i + r + k;
        if (r == 2)
            break;
        s += D[r];
    }
    return s;
}

static double entered(int k)
{
    int i;
    double s = 0;
    {
#pragma dvm array distribute[block]
        double E[N] __attribute__((aligned(64)));
#pragma dvm parallel([i] on E[i])
        for (i = 0; i < N; i++)
            E[i] = 2 * i + k;
        if (k % 3 == 0)
            goto inside;
        s = E[N - 1];
    inside:
        s += 1;
    }
    return s;
}

int main(void)
{
    double t = 0;
    int k;
    for (k = 0; k < 60; k++)
        t += early(k) + with_template(k) * 0.5 + loop_blocks(k) + entered(k);
    printf("%.3f\n", t);
    return 0;
}
