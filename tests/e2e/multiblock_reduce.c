/* Reductions on the loop over a task array: each subtask's body starts
 * from the identity (here after a parallel loop inside the subtask reduced
 * over its own processor group), and after the loop the variables hold
 * their values before it combined with every subtask's result, in the
 * loop's order: max, sum, maxloc, and a product over an array variable. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define NB 6

static const int len[NB] = {17, 40, 9, 64, 23, 31};

/* a distributed vector over the current processor system (the subtask's
 * group), filled and reduced there */
static void block_work(int b, int n, double *mx, double *sum, int *where)
{
#pragma dvm array distribute[block][*]
    double (*v)[1];
    int i;
    double m = -1, s = 0;
    int at = -1;
    v = malloc(sizeof(double[1]) * n);
#pragma dvm parallel([i] on v[i][])
    for (i = 0; i < n; i++)
        v[i][0] = sin(0.3 * i + b) * (b + 1);
#pragma dvm parallel([i] on v[i][]) reduction(maxloc(m, at, 1), sum(s))
    for (i = 0; i < n; i++) {
        if (v[i][0] > m) {
            m = v[i][0];
            at = i;
        }
        s += v[i][0];
    }
    free(v);
    *mx = m;
    *sum = s;
    *where = at + 1000 * b;
}

int main(void)
{
    int b, round;
    double eps = 0.5, total = 1.0, best = -100;
    int best_at[1] = {-1};
    long prod[2] = {1, 3};
#pragma dvm task blocks[NB]
    for (b = 0; b < NB; b++) {
#pragma dvm map(blocks[b] weight(len[b]) procs(1 : 2))
    }
    for (round = 0; round < 2; round++) {
#pragma dvm task_region(blocks)
        {
#pragma dvm parallel([b] on blocks[b]) reduction(max(eps), sum(total), maxloc(best, best_at, 1), product(prod))
            for (b = 0; b < NB; b++) {
                double m, s;
                int where;
                block_work(b, len[b] + round, &m, &s, &where);
                eps = fmax(eps, m);
                total += s;
                if (m > best) {
                    best = m;
                    best_at[0] = where;
                }
                prod[0] *= b + 1;
                prod[1] *= 2;
                printf("round %d block %d: max %.6f sum %.6f at %d\n", round, b, m, s, where);
            }
        }
        printf("round %d: eps %.6f total %.6f best %.6f at %d prod %ld %ld\n", round, eps, total,
               best, best_at[0], prod[0], prod[1]);
    }
    return 0;
}
