/* bench_map.c: generated moldable instances (linear up to kmax, Amdahl,
 * power-law, 3-D halo exchange); prints makespan/LB (mean, p95, max over
 * seeds) per algorithm and model, and mapping time of best against N and M.
 * Build: cc -O2 -I../../lib/include -I../../lib/map bench_map.c ../../lib/map/ *.c -lm */
#define _POSIX_C_SOURCE 200809L
#include "dvmh_map.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static unsigned long long state;
static double urand(void)
{
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    return (double)(state >> 11) / 9007199254740992.0;
}

/* model 0 linear, 1 Amdahl, 2 power-law, 3 halo exchange */
static dvmh_map_instance *generate(int n, int m, int model)
{
    dvmh_map_instance *inst = dvmh_map_instance_new(n, m);
    double *times = malloc(sizeof(double) * (size_t)m);
    for (int t = 0; t < n; t++) {
        double work = exp(urand() * 5);
        int kmin = 1 + (int)(urand() * 2);
        if (kmin > m)
            kmin = m;
        int kmax = kmin + (int)(urand() * (m - kmin + 1));
        double serial = 0.01 + 0.1 * urand(), alpha = 0.6 + 0.4 * urand();
        for (int k = kmin; k <= kmax; k++) {
            double x;
            if (model == 0)
                x = work / k;
            else if (model == 1)
                x = work * (serial + (1 - serial) / k);
            else if (model == 2)
                x = work / pow(k, alpha);
            else
                x = work / k + 0.02 * pow(work / k, 2.0 / 3.0) * (k > 1);
            times[k - kmin] = x;
            if (k > kmin && times[k - kmin] * k < times[k - kmin - 1] * (k - 1))
                times[k - kmin] = times[k - kmin - 1] * (k - 1) / k;
        }
        dvmh_map_instance_set_task(inst, t, kmin, kmax, times);
    }
    free(times);
    return inst;
}

static int cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(void)
{
    const char *models[] = {"linear", "amdahl", "power", "halo"};
    const char *algos[] = {"P", "P-area", "two-phase", "best"};
    enum { SEEDS = 40 };
    printf("%-8s %-10s %8s %8s %8s\n", "model", "algo", "mean", "p95", "max");
    for (int model = 0; model < 4; model++) {
        double r[4][SEEDS * 4];
        int cnt = 0;
        int sizes[][2] = {{8, 4}, {64, 32}, {256, 128}, {512, 1024}};
        for (int sz = 0; sz < 4; sz++)
            for (int seed = 0; seed < SEEDS; seed++, cnt++) {
                state = (unsigned long long)seed * 7919 + (unsigned long long)sz * 104729 + 1;
                dvmh_map_instance *inst = generate(sizes[sz][0], sizes[sz][1], model);
                double lb = dvmh_map_lower_bound(inst);
                dvmh_map_schedule *s[4] = {dvmh_map_algo_p(inst), dvmh_map_algo_p_area(inst),
                                           dvmh_map_two_phase(inst, lb), dvmh_map_best(inst)};
                for (int a = 0; a < 4; a++) {
                    r[a][cnt] = s[a]->makespan / lb;
                    dvmh_map_schedule_free(s[a]);
                }
                dvmh_map_instance_free(inst);
            }
        for (int a = 0; a < 4; a++) {
            double sum = 0;
            for (int i = 0; i < cnt; i++)
                sum += r[a][i];
            qsort(r[a], (size_t)cnt, sizeof(double), cmp);
            printf("%-8s %-10s %8.4f %8.4f %8.4f\n", models[model], algos[a], sum / cnt,
                   r[a][(int)(0.95 * (cnt - 1))], r[a][cnt - 1]);
        }
    }
    printf("\nmapping time of best (amdahl)\n%6s %6s %10s\n", "N", "M", "seconds");
    int grid[][2] = {{512, 1024}, {1024, 1024}, {2048, 1024}, {4096, 1024}, {4096, 256}, {4096, 512}};
    for (int g = 0; g < 6; g++) {
        state = 99;
        dvmh_map_instance *inst = generate(grid[g][0], grid[g][1], 1);
        struct timespec a, b;
        clock_gettime(CLOCK_MONOTONIC, &a);
        dvmh_map_schedule *s = dvmh_map_best(inst);
        clock_gettime(CLOCK_MONOTONIC, &b);
        printf("%6d %6d %10.4f\n", grid[g][0], grid[g][1], (b.tv_sec - a.tv_sec) + 1e-9 * (b.tv_nsec - a.tv_nsec));
        dvmh_map_schedule_free(s);
        dvmh_map_instance_free(inst);
    }
    return 0;
}
