/* Static and automatic arrays that main's regions name, passed to
 * functions whose own regions reach them through a pointer or a VLA
 * parameter (a hand-written program that leaves the data motion to the
 * regions). The function's loop must find the array's copies: it used to
 * run on the host over stale values (what a device wrote in main's region)
 * and leave the devices' old copies for main's next region (wrong sums
 * with 1 or 2 accelerators). */
#include <stdio.h>

#define N 24
#define M 5

double X[N], Y[N];

/* a pointer and a section */
void shift_add(double *dst, const double *src, int n)
{
    int i;
#pragma dvm region in(src[0:n-1]) inout(dst[0:n-1])
    {
#pragma dvm parallel([i]) tie(dst[i], src[i])
        for (i = 1; i < n - 1; i++)
            dst[i] = src[i] + 100 + i;
    }
}

/* VLA parameters, no sections */
void smooth2(int n, int m, double dst[n][m], double src[n][m])
{
    int i, j;
#pragma dvm region in(src) inout(dst)
    {
#pragma dvm parallel([i][j]) tie(dst[i][j], src[i][j])
        for (i = 1; i < n - 1; i++)
            for (j = 0; j < m; j++)
                dst[i][j] = 0.5 * (src[i - 1][j] + src[i + 1][j]) + j;
    }
}

/* a pointer into the middle of the array, read only */
double tail_sum(const double *p, int n)
{
    int i;
    double s = 0;
#pragma dvm region in(p[0:n-1])
    {
#pragma dvm parallel([i]) tie(p[i]) reduction(sum(s))
        for (i = 0; i < n; i++)
            s += p[i] * (i + 1);
    }
    return s;
}

int main(void)
{
    int i, j, it;
    double e = 0, f = 0;
    double A[N][M], B[N][M];
    for (i = 0; i < N; i++) {
        X[i] = i;
        Y[i] = 10 * i;
        for (j = 0; j < M; j++) {
            A[i][j] = i + j;
            B[i][j] = 0;
        }
    }
    for (it = 0; it < 3; it++) {
#pragma dvm region in(X) out(Y)
        {
#pragma dvm parallel([i]) tie(X[i], Y[i])
            for (i = 0; i < N; i++)
                Y[i] = X[i] * 10 + 1 + it;
        }
        shift_add(X, Y, N);
#pragma dvm region inout(A, B)
        {
#pragma dvm parallel([i][j]) tie(A[i][j], B[i][j])
            for (i = 0; i < N; i++)
                for (j = 0; j < M; j++)
                    B[i][j] = A[i][j] * 2 + it;
        }
        smooth2(N, M, A, B);
        f += tail_sum(&X[N / 2], N - N / 2);
    }
#pragma dvm region in(X, A)
    {
#pragma dvm parallel([i]) tie(X[i]) reduction(sum(e))
        for (i = 0; i < N; i++)
            e += X[i] * (i % 7 + 1);
#pragma dvm parallel([i][j]) tie(A[i][j]) reduction(sum(e))
        for (i = 0; i < N; i++)
            for (j = 0; j < M; j++)
                e += A[i][j] * (j + 1);
    }
    printf("e %.1f f %.1f\n", e, f);
#pragma dvm get_actual(X, A)
    for (i = 0; i < N; i += 5)
        printf("X[%d] %.1f A[%d][2] %.1f\n", i, X[i], i, A[i][2]);
    return 0;
}
