/* Subscripts of the mapping clauses written with parentheses and with the
 * program's macros, as C programs write their index arithmetic: an
 * accessor macro that brings the loop variable (IDX(i)), one that doubles
 * it, an object-like macro naming it, and constants (OFF, SH, W, LAST). */
#include <stdio.h>

#define N 40
#define SH 2
#define OFF 1
#define W 1
#define LAST (N - 1)
#define IDX(k) ((k) + OFF)
#define TWICE(k) ((k) + (k))
#define HERE i

#pragma dvm array distribute[block], shadow[SH:SH]
double A[N + 2];
#pragma dvm array align([i] with A[IDX(i)])
double B[N];
#pragma dvm array align([i] with A[(i)])
double C[N];
#pragma dvm array distribute[block]
double D[2 * N];

int main(void)
{
    int i, it;
    double s = 0, d = 0, last;
#pragma dvm region
    {
#pragma dvm parallel([i] on A[(i)])
        for (i = 0; i < N + 2; i++)
            A[i] = i * 0.5;
#pragma dvm parallel([i] on B[HERE])
        for (i = 0; i < N; i++)
            B[i] = 0;
#pragma dvm parallel([i] on D[i])
        for (i = 0; i < 2 * N; i++)
            D[i] = -(i / 2);
#pragma dvm parallel([i] on D[TWICE(i)])
        for (i = 0; i < N; i++)
            D[2 * i] = i;
    }
    for (it = 0; it < 3; it++) {
#pragma dvm region
        {
#pragma dvm parallel([i] on A[IDX(i)]) shadow_renew(A[SH:SH])
            for (i = 0; i < N; i++)
                B[i] = A[i + OFF - 1] + A[i + OFF + 1] + A[IDX(i)] + A[i + SH];
#pragma dvm parallel([i] on A[(i) + OFF]) across(A[W:W])
            for (i = 0; i < N; i++)
                A[i + OFF] = (A[i + OFF - W] + A[i + OFF + W]) / 2 + B[i] * 0.001;
        }
    }
#pragma dvm region
    {
#pragma dvm parallel([i] on C[i]) remote_access(A[LAST])
        for (i = 0; i < N; i++)
            C[i] = A[LAST] + i;
#pragma dvm parallel([i] on C[i]) reduction(sum(s))
        for (i = 0; i < N; i++)
            s += C[i];
#pragma dvm parallel([i] on D[2 * (i)]) reduction(sum(d))
        for (i = 0; i < N; i++)
            d += D[2 * i];
#pragma dvm parallel([i] on D[i]) reduction(sum(d))
        for (i = 0; i < 2 * N; i++)
            d -= D[i] * (i % 2);
    }
#pragma dvm get_actual(A)
    last = A[LAST];
    printf("%.10g %.10g %.10g\n", s, d, last);
    return 0;
}
