/* A user-style conjugate-gradient solver for a 2-D Poisson problem, the
 * way a DVM user writes it: vectors distributed on a template, the
 * operations in functions taking the arrays with inherit, every loop in a
 * region of its own function, dot products (floating sums), a max norm and
 * a count of converged points (an integer sum) as reductions, shadow_renew
 * of the search direction for the stencil, and get_actual of the scalars
 * between iterations. */
#include <math.h>
#include <stdio.h>

#define N 48
#define ITMAX 10
// TOLERANCE: 1e-9

#pragma dvm template[N][N] distribute[block][block]
void *T;

#pragma dvm array align([i][j] with T[i][j]), shadow[1:1][1:1]
double P[N][N];
#pragma dvm array align([i][j] with T[i][j])
double X[N][N], R[N][N], Q[N][N];

#pragma dvm inherit(u)
static void fill(double (*u)[N], double v)
{
    int i, j;
#pragma dvm region out(u)
    {
#pragma dvm parallel([i][j] on u[i][j])
        for (i = 0; i < N; i++)
            for (j = 0; j < N; j++)
                u[i][j] = v;
    }
}

/* q = A p, A the 5-point Laplacian with zero boundary */
#pragma dvm inherit(p, q)
static void apply(double (*p)[N], double (*q)[N])
{
    int i, j;
#pragma dvm region in(p) out(q)
    {
#pragma dvm parallel([i][j] on q[i][j]) shadow_renew(p)
        for (i = 0; i < N; i++)
            for (j = 0; j < N; j++) {
                double s = 4.0 * p[i][j];
                if (i > 0) s -= p[i - 1][j];
                if (i < N - 1) s -= p[i + 1][j];
                if (j > 0) s -= p[i][j - 1];
                if (j < N - 1) s -= p[i][j + 1];
                q[i][j] = s;
            }
    }
}

#pragma dvm inherit(a, b)
static double dot(double (*a)[N], double (*b)[N])
{
    int i, j;
    double s = 0;
#pragma dvm region in(a, b)
    {
#pragma dvm parallel([i][j] on a[i][j]) reduction(sum(s))
        for (i = 0; i < N; i++)
            for (j = 0; j < N; j++)
                s += a[i][j] * b[i][j];
    }
#pragma dvm get_actual(s)
    return s;
}

/* y += alpha x; returns max |x| over the points and how many of them are
 * below tol */
#pragma dvm inherit(y, x)
static double axpy(double (*y)[N], double alpha, double (*x)[N], double tol, long *small)
{
    int i, j;
    double m = 0;
    long cnt = 0;
#pragma dvm region in(x) inout(y)
    {
#pragma dvm parallel([i][j] on y[i][j]) reduction(max(m), sum(cnt))
        for (i = 0; i < N; i++)
            for (j = 0; j < N; j++) {
                y[i][j] += alpha * x[i][j];
                if (fabs(x[i][j]) > m)
                    m = fabs(x[i][j]);
                if (fabs(alpha * x[i][j]) < tol)
                    cnt++;
            }
    }
#pragma dvm get_actual(m, cnt)
    *small = cnt;
    return m;
}

int main(void)
{
    int i, j, it;
    long small = 0;
    fill(X, 0.0);
    /* b = a smooth source; r = b - A x = b, p = r */
#pragma dvm region out(R, P)
    {
#pragma dvm parallel([i][j] on R[i][j])
        for (i = 0; i < N; i++)
            for (j = 0; j < N; j++) {
                R[i][j] = sin(3.14159265358979 * (i + 1) / (N + 1)) *
                          sin(3.14159265358979 * 2 * (j + 1) / (N + 1)) + 0.01 * ((i * 7 + j * 3) % 5);
                P[i][j] = R[i][j];
            }
    }
    double rr = dot(R, R);
    printf("|b|^2 = %.10e\n", rr);
    for (it = 1; it <= ITMAX; it++) {
        apply(P, Q);
        double pq = dot(P, Q);
        double alpha = rr / pq;
        double xm = axpy(X, alpha, P, 1e-6, &small);
        double rm = axpy(R, -alpha, Q, 1e-6, &small);
        double rr_new = dot(R, R);
        if (it % 5 == 0)
            printf("it %2d: |r|^2 = %.6e, max|p| = %.6e, max|q| = %.6e, small steps %ld\n", it,
                   rr_new, xm, rm, small);
        double beta = rr_new / rr;
        rr = rr_new;
#pragma dvm region inout(P) in(R)
        {
#pragma dvm parallel([i][j] on P[i][j])
            for (i = 0; i < N; i++)
                for (j = 0; j < N; j++)
                    P[i][j] = R[i][j] + beta * P[i][j];
        }
    }
    /* the solution's checksum, weighted so that a misplaced value shows */
    double cs = 0;
    int above = 0;
#pragma dvm region in(X)
    {
#pragma dvm parallel([i][j] on X[i][j]) reduction(sum(cs), sum(above))
        for (i = 0; i < N; i++)
            for (j = 0; j < N; j++) {
                cs += X[i][j] * (1 + (i * N + j) % 17);
                if (X[i][j] > 0.01)
                    above++;
            }
    }
#pragma dvm get_actual(cs, above)
    printf("checksum %.9e, %d points above 0.01\n", cs, above);
    return 0;
}
