/* bench_map.c: generated moldable instances (linear up to kmax, Amdahl,
 * power-law, 3-D halo exchange); prints makespan/LB (mean, p95, max over
 * seeds) per algorithm and model, L on multi-block grids and S on layered
 * DAGs, and mapping time of best against N and M.
 * Build: cc -O2 -I../../lib/include -I../../lib/map bench_map.c \
 *   $(find ../../lib/map -name '*.c' ! -name 'steal*') -lm   (W, work stealing, is not
 *   benchmarked here) */
#define _POSIX_C_SOURCE 200809L
#include <dvmh_map.h>
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

static int cmp(const void *a, const void *b);

static void report(const char *model, const char *algo, double *r, int cnt)
{
    double sum = 0;
    for (int i = 0; i < cnt; i++)
        sum += r[i];
    qsort(r, (size_t)cnt, sizeof(double), cmp);
    printf("%-8s %-10s %8.4f %8.4f %8.4f\n", model, algo, sum / cnt, r[(int)(0.95 * (cnt - 1))], r[cnt - 1]);
}

/* L on multi-block grids: B x B blocks of random sizes, 4-neighbour
 * adjacency both ways, transfer cost proportional to the shared boundary;
 * bound: max(largest block, total / M) (communication left out).
 * S on layered DAGs: bound: the longest path at full width, no transfers,
 * and the total core time over nodes... of which there may be any number,
 * so only the path. */
static void bench_graphs(void)
{
    enum { SEEDS = 40 };
    double r[SEEDS * 3];
    int cnt = 0;
    int grids[][2] = {{4, 4}, {8, 16}, {16, 64}};
    for (int g = 0; g < 3; g++)
        for (int seed = 0; seed < SEEDS; seed++) {
            state = (unsigned long long)seed * 31 + (unsigned long long)g * 7 + 5;
            int b = grids[g][0], n = b * b, m = grids[g][1];
            double side[256];
            dvmh_map_rigid *inst = dvmh_map_rigid_new(n, m, 4 * n);
            double total = 0, longest = 0;
            for (int z = 0; z < n; z++) {
                side[z] = 10 + 90 * urand();
                inst->exec[z] = side[z] * side[z] / 100;
                total += inst->exec[z];
                if (inst->exec[z] > longest)
                    longest = inst->exec[z];
            }
            int e = 0;
            for (int z = 0; z < n; z++) {
                int x = z % b, y = z / b;
                int nb[2] = {x + 1 < b ? z + 1 : -1, y + 1 < b ? z + b : -1};
                for (int i = 0; i < 2; i++)
                    if (nb[i] >= 0) {
                        double c = 0.02 * (side[z] < side[nb[i]] ? side[z] : side[nb[i]]);
                        inst->src[e] = z, inst->dst[e] = nb[i], inst->cost[e++] = c;
                        inst->src[e] = nb[i], inst->dst[e] = z, inst->cost[e++] = c;
                    }
            }
            inst->nedges = e;
            dvmh_map_rigid_schedule *s = dvmh_map_algo_l(inst);
            double lb = total / m > longest ? total / m : longest;
            r[cnt++] = s->makespan / lb;
            dvmh_map_rigid_schedule_free(s);
            dvmh_map_rigid_free(inst);
        }
    report("grid", "L", r, cnt);
    cnt = 0;
    int dags[][2] = {{16, 4}, {64, 8}, {256, 16}};
    for (int g = 0; g < 3; g++)
        for (int seed = 0; seed < SEEDS; seed++) {
            state = (unsigned long long)seed * 131 + (unsigned long long)g * 17 + 3;
            int n = dags[g][0], c = dags[g][1], width = 1 + n / 8;
            dvmh_map_dag *dag = dvmh_map_dag_new(n, 3 * n, c);
            double *finish = calloc((size_t)n, sizeof(double)), path = 0;
            int e = 0;
            for (int v = 0; v < n; v++) {
                dag->width[v] = 1 + (int)(urand() * c);
                dag->work[v] = 1 + 20 * urand();
                double at = 0;
                /* Up to 3 edges from the previous layer (width vertices). */
                int layer = v / width;
                for (int i = 0; i < 3 && layer > 0; i++) {
                    int u = (layer - 1) * width + (int)(urand() * width);
                    dag->src[e] = u, dag->dst[e] = v, dag->volume[e++] = 2 * urand();
                    if (finish[u] > at)
                        at = finish[u];
                }
                int j = dag->width[v] < c ? dag->width[v] : c;
                finish[v] = at + dag->work[v] / j;
                if (finish[v] > path)
                    path = finish[v];
            }
            dag->nedges = e;
            dvmh_map_dag_schedule *s = dvmh_map_algo_s(dag);
            r[cnt++] = s->makespan / path;
            dvmh_map_dag_schedule_free(s);
            dvmh_map_dag_free(dag);
            free(finish);
        }
    report("dag", "S", r, cnt);
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
    bench_graphs();
    printf("\nmapping time of best (amdahl), CPU seconds, least of 3\n%6s", "N\\M");
    int ms[] = {4, 16, 64, 256, 1024}, ns[] = {8, 64, 512, 4096};
    for (int j = 0; j < 5; j++)
        printf(" %9d", ms[j]);
    printf("\n");
    for (int i = 0; i < 4; i++) {
        printf("%6d", ns[i]);
        for (int j = 0; j < 5; j++) {
            state = 99;
            dvmh_map_instance *inst = generate(ns[i], ms[j], 1);
            /* CPU time, least of 3 runs: the machine is shared. */
            double least = 1e9;
            for (int rep = 0; rep < 3; rep++) {
                struct timespec a, b;
                clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &a);
                dvmh_map_schedule *s = dvmh_map_best(inst);
                clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &b);
                double x = (b.tv_sec - a.tv_sec) + 1e-9 * (b.tv_nsec - a.tv_nsec);
                if (x < least)
                    least = x;
                dvmh_map_schedule_free(s);
            }
            printf(" %9.5f", least);
            dvmh_map_instance_free(inst);
        }
        printf("\n");
    }
    return 0;
}
