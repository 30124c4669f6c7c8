/* Distributed arrays created by malloc/calloc and freed; functions that
 * receive distributed arrays through 'inherit'; local distributed arrays. */
#include <stdio.h>
#include <stdlib.h>

#pragma dvm inherit(X)
static double norm1(int n, int m, double (*X)[m]);

#pragma dvm inherit(X)
static double norm1(int n, int m, double (*X)[m])
{
    double s = 0;
    int i, j;
#pragma dvm parallel([i][j] on X[i][j]) reduction(sum(s))
    for (i = 0; i < n; i++)
        for (j = 0; j < m; j++)
            s += X[i][j] < 0 ? -X[i][j] : X[i][j];
    return s;
}

static long local_sum(int n)
{
#pragma dvm array distribute[block]
    long L[n];
    long s = 0;
    int i;
#pragma dvm parallel([i] on L[i])
    for (i = 0; i < n; i++)
        L[i] = i * i;
#pragma dvm parallel([i] on L[i]) reduction(sum(s))
    for (i = 0; i < n; i++)
        s += L[i];
    return s;
}

int main(int argc, char **argv)
{
    int n = 17 + argc, m = 9, i, j;
#pragma dvm array distribute[block][]
    double (*X)[m];
    X = malloc(n * sizeof(*X));
#pragma dvm parallel([i][j] on X[i][j])
    for (i = 0; i < n; i++)
        for (j = 0; j < m; j++)
            X[i][j] = (i - j) * 0.25;
    printf("norm1=%.4f\n", norm1(n, m, X));
    free(X);
    X = calloc(n + 3, sizeof(*X));
#pragma dvm parallel([i][j] on X[i][j])
    for (i = 0; i < n + 3; i++)
        for (j = 0; j < m; j++)
            X[i][j] += i;
    printf("norm1=%.4f local=%ld %ld\n", norm1(n + 3, m, X), local_sum(10), local_sum(33));
    free(X);
    return 0;
}
