/* A student's Jacobi assignment: global 2-D arrays with explicit sizes in a
 * header-like block of #defines, the grid size and iteration count from the
 * command line (atoi), an iteration loop with a convergence test, a final
 * print of a few points through remote_access and the exit status telling
 * whether it converged. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define MAXN 64
#define Max(a, b) ((a) > (b) ? (a) : (b))
// ARGS: 8 40
// TOLERANCE: 1e-9

#pragma dvm array distribute[block][block]
double grid[MAXN][MAXN];
#pragma dvm array align([i][j] with grid[i][j])
double next[MAXN][MAXN];

int main(int argc, char *argv[])
{
    int n = 32, itmax = 100, i, j, it;
    double eps = 1.0, tol = 0.1;

    if (argc > 1)
        n = atoi(argv[1]);
    if (argc > 2)
        itmax = atoi(argv[2]);
    if (n > MAXN || n < 4) {
        printf("bad size %d\n", n);
        return 2;
    }
    printf("Jacobi %d x %d, at most %d iterations\n", n, n, itmax);

    #pragma dvm region out(grid, next)
    {
        #pragma dvm parallel([i][j] on grid[i][j])
        for (i = 0; i < MAXN; i++)
            for (j = 0; j < MAXN; j++) {
                if (i < n && j < n && (i == 0 || j == 0 || i == n - 1 || j == n - 1))
                    grid[i][j] = (i == 0) ? 100.0 : 10.0 * j / n;
                else
                    grid[i][j] = 0.0;
                next[i][j] = grid[i][j];
            }
    }

    for (it = 1; it <= itmax && eps > tol; it++) {
        eps = 0.0;
        #pragma dvm actual(eps)
        #pragma dvm region
        {
            #pragma dvm parallel([i][j] on next[i][j]) shadow_renew(grid)
            for (i = 1; i < n - 1; i++)
                for (j = 1; j < n - 1; j++)
                    next[i][j] = 0.25 * (grid[i - 1][j] + grid[i + 1][j] + grid[i][j - 1] + grid[i][j + 1]);
            #pragma dvm parallel([i][j] on grid[i][j]) reduction(max(eps))
            for (i = 1; i < n - 1; i++)
                for (j = 1; j < n - 1; j++) {
                    eps = Max(eps, fabs(next[i][j] - grid[i][j]));
                    grid[i][j] = next[i][j];
                }
        }
        #pragma dvm get_actual(eps)
        if (it % 10 == 0)
            printf("iteration %d: eps = %.6e\n", it, eps);
    }
    printf("stopped after %d iterations, eps = %.6e\n", it - 1, eps);
    #pragma dvm get_actual(grid)
    #pragma dvm remote_access(grid[1][1], grid[n / 2][n / 2], grid[n - 2][n - 2])
    {
        printf("grid[1][1] = %.6f\n", grid[1][1]);
        printf("grid[n/2][n/2] = %.6f\n", grid[n / 2][n / 2]);
        printf("grid[n-2][n-2] = %.6f\n", grid[n - 2][n - 2]);
    }
    return eps <= tol ? 0 : 1;
}
