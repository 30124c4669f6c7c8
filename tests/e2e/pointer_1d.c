/* 1-D distributed arrays through plain pointers: file-scope and local,
 * malloc'ed and calloc'ed, aligned with each other, a shadow exchange, a
 * reduction and host reads. */
#include <stdio.h>
#include <stdlib.h>

#pragma dvm array distribute[block], shadow[1:1]
double *u;
#pragma dvm array align([i] with u[i])
double *w;

static double run(int n)
{
#pragma dvm array distribute[block]
    long *k;
    int i;
    double s = 0;
    k = calloc(n, sizeof(long));
#pragma dvm parallel([i] on k[i])
    for (i = 0; i < n; i++)
        k[i] += i % 7;
#pragma dvm region
    {
#pragma dvm parallel([i] on u[i])
        for (i = 0; i < n; i++)
            u[i] = i * 0.5;
#pragma dvm parallel([i] on w[i]) shadow_renew(u)
        for (i = 1; i < n - 1; i++)
            w[i] = u[i - 1] + u[i + 1];
#pragma dvm parallel([i] on w[i]) reduction(sum(s))
        for (i = 1; i < n - 1; i++)
            s += w[i] * (i % 3);
    }
    s += k[n - 1] + k[n / 2];
    free(k);
    return s;
}

int main(void)
{
    int n = 57;
    u = malloc(sizeof(double) * n);
    w = malloc(n * sizeof *w);
    printf("%.3f\n", run(n));
#pragma dvm get_actual(w)
    printf("%.3f %.3f\n", w[1], w[n - 2]);
    free(w);
    free(u);
    return 0;
}
