/* test_map.c: unit tests of the mapping algorithms: hand-checked instances,
 * the validator on thousands of generated instances, and exact optima by
 * exhaustive search on tiny instances against the lower bound and best. */
#define _POSIX_C_SOURCE 200809L
#include <dvmh_map.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures;

#define CHECK(cond, ...)                                                                                               \
    do {                                                                                                               \
        if (!(cond)) {                                                                                                 \
            failures++;                                                                                                \
            fprintf(stderr, "%s:%d: ", __FILE__, __LINE__);                                                            \
            fprintf(stderr, __VA_ARGS__);                                                                              \
            fprintf(stderr, "\n");                                                                                     \
        }                                                                                                              \
    } while (0)

static unsigned long long rng_state = 12345;
static unsigned rnd(unsigned n)
{
    rng_state = rng_state * 6364136223846793005ULL + 1442695040888963407ULL;
    return (unsigned)(rng_state >> 33) % n;
}

/* Random instance; integer times when tiny so the exhaustive search is exact. */
static dvmh_map_instance *random_instance(int n, int m, int integer_times)
{
    dvmh_map_instance *inst = dvmh_map_instance_new(n, m);
    double times[1024];
    for (int t = 0; t < n; t++) {
        int kmin = 1 + (int)rnd((unsigned)m);
        int kmax = kmin + (int)rnd((unsigned)(m - kmin + 1));
        double work = 1 + rnd(100);
        double serial = rnd(4) * 0.1;
        for (int k = kmin; k <= kmax; k++) {
            /* Amdahl from kmin: time*k never decreases. */
            double x = work * (serial + (1 - serial) * kmin / k);
            times[k - kmin] = integer_times ? ceil(x) : x;
            if (k > kmin && times[k - kmin] * k < times[k - kmin - 1] * (k - 1))
                times[k - kmin] = times[k - kmin - 1] * (k - 1) / k;
        }
        dvmh_map_instance_set_task(inst, t, kmin, kmax, times);
    }
    return inst;
}

static void test_hand_checked(void)
{
    /* Two tasks, 2 processors: t0 takes 4 on 1, 2 on 2; t1 takes 4 on 1 only.
     * Optimum 4 (both on one processor each); LB = max(4, 8/2) = 4. */
    dvmh_map_instance *inst = dvmh_map_instance_new(2, 2);
    double t0[] = {4, 2}, t1[] = {4};
    dvmh_map_instance_set_task(inst, 0, 1, 2, t0);
    dvmh_map_instance_set_task(inst, 1, 1, 1, t1);
    CHECK(dvmh_map_lower_bound(inst) == 4, "LB %g", dvmh_map_lower_bound(inst));
    char err[256];
    dvmh_map_schedule *s = dvmh_map_algo_p(inst);
    CHECK(!dvmh_map_validate(inst, s, err, sizeof err), "%s", err);
    /* P, by the spec: t0 first (tie on work, lower index); at x=0, k=1 gives
     * max(4, 0 + (0 + 4)/1) = 4 and k=2 gives max(2, (0 + 4)/2) = 2, so t0
     * takes both processors and t1 follows: makespan 6. best finds 4. */
    CHECK(s->makespan == 6, "P makespan %g", s->makespan);
    CHECK(s->k[0] == 2 && s->k[1] == 1 && s->start[1] == 2, "P allotment %d %d", s->k[0], s->k[1]);
    dvmh_map_schedule_free(s);
    s = dvmh_map_best(inst);
    CHECK(!dvmh_map_validate(inst, s, err, sizeof err) && s->makespan == 4, "best %g", s->makespan);
    dvmh_map_schedule_free(s);

    /* The validator rejects two tasks on one processor at once. */
    s = dvmh_map_schedule_new(2);
    int p0[] = {0}, p1[] = {0};
    dvmh_map_schedule_set(s, 0, 0, 1, p0);
    dvmh_map_schedule_set(s, 1, 2, 1, p1);
    CHECK(dvmh_map_validate(inst, s, err, sizeof err) == -1 && strstr(err, "at once"), "overlap not seen");
    dvmh_map_schedule_set(s, 1, 4, 1, p1);
    s->makespan = 0;
    CHECK(!dvmh_map_validate(inst, s, err, sizeof err) && s->makespan == 8, "sequential rejected: %s", err);
    dvmh_map_schedule_set(s, 0, 0, 3, (int[]){0, 1, 2});
    CHECK(dvmh_map_validate(inst, s, err, sizeof err) == -1, "k out of range accepted");
    dvmh_map_schedule_free(s);
    dvmh_map_instance_free(inst);

    /* Stronger bound: 3 tasks of time 10 on 1, 6 on 2 (work 12), M=2.
     * Trivial: max(6, 30/2) = 15. Deadline 15: 3*10 = 30 <= 30 fits -> but
     * d=10 also: 30 <= 20? no; d between 10 and 15 with area 30 -> 15. */
    inst = dvmh_map_instance_new(3, 2);
    double tt[] = {10, 6};
    for (int t = 0; t < 3; t++)
        dvmh_map_instance_set_task(inst, t, 1, 2, tt);
    CHECK(dvmh_map_lower_bound(inst) == 15, "LB %g", dvmh_map_lower_bound(inst));
    /* One processor, time 10 on 1 only for two tasks and a third of 6 on 2
     * forces the third term above the trivial bound. */
    dvmh_map_instance_free(inst);
    inst = dvmh_map_instance_new(2, 2);
    double a[] = {10, 9}, b[] = {10};
    dvmh_map_instance_set_task(inst, 0, 1, 2, a);
    dvmh_map_instance_set_task(inst, 1, 1, 1, b);
    /* Trivial max(9, 20/2)=10; at d=10 area 20 <= 20: LB 10. */
    CHECK(dvmh_map_lower_bound(inst) == 10, "LB %g", dvmh_map_lower_bound(inst));
    dvmh_map_instance_free(inst);
}

typedef dvmh_map_schedule *(*algo_fn)(const dvmh_map_instance *);

static void test_generated(void)
{
    algo_fn algos[] = {dvmh_map_algo_p, dvmh_map_algo_p_area, dvmh_map_best};
    const char *names[] = {"P", "P-area", "best"};
    char err[256];
    for (int iter = 0; iter < 3000; iter++) {
        int n = 1 + (int)rnd(40), m = 1 + (int)rnd(33);
        dvmh_map_instance *inst = random_instance(n, m, 0);
        double lb = dvmh_map_lower_bound(inst);
        CHECK(lb >= dvmh_map_lower_bound_trivial(inst), "LB below trivial");
        double made[3];
        for (int a = 0; a < 3; a++) {
            dvmh_map_schedule *s = algos[a](inst);
            double claimed = s->makespan;
            int bad = dvmh_map_validate(inst, s, err, sizeof err);
            CHECK(!bad, "%s iteration %d: %s", names[a], iter, err);
            CHECK(claimed == s->makespan, "%s claimed %g", names[a], claimed);
            CHECK(s->makespan >= lb * (1 - 1e-12), "%s below LB", names[a]);
            made[a] = s->makespan;
            dvmh_map_schedule_free(s);
        }
        dvmh_map_schedule *tp = dvmh_map_two_phase(inst, lb);
        CHECK(!dvmh_map_validate(inst, tp, err, sizeof err), "two-phase: %s", err);
        CHECK(made[2] <= made[0] && made[2] <= made[1] && made[2] <= tp->makespan, "best lost");
        dvmh_map_schedule_free(tp);
        dvmh_map_instance_free(inst);
    }
}

/* Exhaustive search: some optimal schedule starts every task at 0 or at the
 * finish of a task started no later; processors are interchangeable, so
 * capacity at every moment decides feasibility. */
static const dvmh_map_instance *bf_inst;
static double bf_best, bf_start[8], bf_end[8];
static int bf_k[8], bf_placed[8];

static int bf_fits(double from, double to, int k, int placed)
{
    /* Load only rises at starts: check at 'from' and every start inside. */
    for (int q = -1; q < bf_inst->ntasks; q++) {
        double at = q < 0 ? from : bf_start[q];
        if (q >= 0 && (!bf_placed[q] || at < from || at >= to))
            continue;
        int load = k;
        for (int r = 0; r < bf_inst->ntasks; r++)
            if (bf_placed[r] && bf_start[r] <= at && at < bf_end[r])
                load += bf_k[r];
        if (load > bf_inst->nprocs)
            return 0;
    }
    (void)placed;
    return 1;
}

static void bf_search(int placed, double makespan)
{
    if (makespan >= bf_best)
        return;
    if (placed == bf_inst->ntasks) {
        bf_best = makespan;
        return;
    }
    for (int t = 0; t < bf_inst->ntasks; t++) {
        if (bf_placed[t])
            continue;
        for (int k = bf_inst->kmin[t]; k <= bf_inst->kmax[t]; k++) {
            double len = dvmh_map_time(bf_inst, t, k);
            for (int q = -1; q < bf_inst->ntasks; q++) {
                if (q >= 0 && !bf_placed[q])
                    continue;
                double from = q < 0 ? 0 : bf_end[q];
                if (!bf_fits(from, from + len, k, placed))
                    continue;
                bf_placed[t] = 1;
                bf_start[t] = from;
                bf_end[t] = from + len;
                bf_k[t] = k;
                bf_search(placed + 1, makespan > from + len ? makespan : from + len);
                bf_placed[t] = 0;
            }
        }
    }
}

static void test_exact(void)
{
    double ratio_sum = 0;
    int count = 0;
    for (int iter = 0; iter < 300; iter++) {
        int n = 1 + (int)rnd(4), m = 1 + (int)rnd(4);
        if (iter % 10 == 0) {
            n = 5;
            m = 1 + (int)rnd(2);
        }
        dvmh_map_instance *inst = random_instance(n, m, 1);
        bf_inst = inst;
        bf_best = 1e300;
        memset(bf_placed, 0, sizeof bf_placed);
        bf_search(0, 0);
        double lb = dvmh_map_lower_bound(inst);
        CHECK(lb <= bf_best * (1 + 1e-12), "LB %g above optimum %g", lb, bf_best);
        dvmh_map_schedule *s = dvmh_map_best(inst);
        CHECK(s->makespan >= bf_best * (1 - 1e-12), "best %g below optimum %g", s->makespan, bf_best);
        ratio_sum += s->makespan / bf_best;
        count++;
        dvmh_map_schedule_free(s);
        dvmh_map_instance_free(inst);
    }
    printf("best / optimum on %d tiny instances: mean %.4f\n", count, ratio_sum / count);
    CHECK(ratio_sum / count < 1.05, "best far from optimum: %.4f", ratio_sum / count);
}

static void test_reader(void)
{
    char err[256];
    const char *good = "2 3\n1 2 4 2.5\n# comment\n3 3 1\n";
    FILE *f = fmemopen((void *)good, strlen(good), "r");
    dvmh_map_instance *inst = dvmh_map_instance_read(f, err, sizeof err);
    fclose(f);
    CHECK(inst && inst->ntasks == 2 && dvmh_map_time(inst, 0, 2) == 2.5 && inst->kmin[1] == 3, "good file: %s",
          inst ? "" : err);
    dvmh_map_instance_free(inst);
    struct {
        const char *text, *expect;
    } bad[] = {
        {"2 3\n1 2 4 2\n0 1 3\n", "line 3"},
        {"2 3\n1 2 4 x\n1 1 3\n", "line 2"},
        {"1 3\n1 4 1 1 1 1\n", "line 2"},
        {"1 3\n\n\n1 2 4\n", "unexpected end of file in task 0"},
        {"1 3\n1 1 -2\n", "line 2"},
        {"1 3\n1 1 2\n7\n", "line 3"},
        {"x\n", "line 1"},
    };
    for (unsigned i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        f = fmemopen((void *)bad[i].text, strlen(bad[i].text), "r");
        inst = dvmh_map_instance_read(f, err, sizeof err);
        fclose(f);
        CHECK(!inst && strstr(err, bad[i].expect), "bad file %u: got '%s'", i, inst ? "accepted" : err);
        dvmh_map_instance_free(inst);
    }
}

static FILE *text_file(const char *text)
{
    return fmemopen((void *)text, strlen(text), "r");
}

/* Algorithm L by hand. X = 5 3 2 2 on 2 processors; 1 receives from 0
 * (cost 1), 2 from 0 (cost 4) and from 3 (cost 1). Order 0 1 2 3:
 * 0 -> p0 [0,5); 1 -> p1 [0,3) + 1 from 0 = [0,4); 2 -> p1 (4 < 5)
 * [4,6) + 4 from 0 = [4,10); 3 -> p0 [5,7), and p1 pays 1 for 3's data
 * to 2: loads 7 and 11. */
static void test_algo_l(void)
{
    char err[256];
    FILE *f = text_file("4 2 3\n5 3 2 2\n0 1 1\n0 2 4\n3 2 1\n");
    dvmh_map_rigid *inst = dvmh_map_rigid_read(f, err, sizeof err);
    fclose(f);
    CHECK(inst, "L reader: %s", err);
    if (!inst)
        return;
    dvmh_map_rigid_schedule *s = dvmh_map_algo_l(inst);
    int proc[] = {0, 1, 1, 0};
    double start[] = {0, 0, 4, 5}, finish[] = {5, 4, 10, 7};
    for (int z = 0; z < 4; z++)
        CHECK(s->proc[z] == proc[z] && s->start[z] == start[z] && s->finish[z] == finish[z],
              "L task %d: p%d [%g,%g)", z, s->proc[z], s->start[z], s->finish[z]);
    CHECK(s->makespan == 11, "L makespan %g", s->makespan);
    CHECK(!dvmh_map_rigid_validate(inst, s, err, sizeof err), "L: %s", err);
    s->start[3] = 4;
    s->finish[3] = 6;
    CHECK(dvmh_map_rigid_validate(inst, s, err, sizeof err) == -1 && strstr(err, "at once"), "overlap not seen");
    dvmh_map_rigid_schedule_free(s);
    dvmh_map_rigid_free(inst);

    /* Without edges L is LPT: 7 6 5 4 3 on 2 -> {7,4,3} {6,5}: 14 and 11. */
    inst = dvmh_map_rigid_new(5, 2, 0);
    for (int z = 0; z < 5; z++)
        inst->exec[z] = 7 - z;
    s = dvmh_map_algo_l(inst);
    CHECK(s->makespan == 14 && s->proc[0] == 0 && s->proc[1] == 1 && s->proc[3] == 0 && s->proc[4] == 0,
          "LPT makespan %g", s->makespan);
    dvmh_map_rigid_schedule_free(s);
    dvmh_map_rigid_free(inst);

    for (int iter = 0; iter < 2000; iter++) {
        int n = 1 + (int)rnd(60), m = 1 + (int)rnd(12), e = (int)rnd((unsigned)(3 * n));
        inst = dvmh_map_rigid_new(n, m, e);
        double total = 0;
        for (int z = 0; z < n; z++)
            total += inst->exec[z] = 1 + rnd(50);
        for (int i = 0; i < e; i++) {
            inst->src[i] = (int)rnd((unsigned)n);
            inst->dst[i] = (int)rnd((unsigned)n);
            inst->cost[i] = rnd(10);
        }
        s = dvmh_map_algo_l(inst);
        CHECK(s && !dvmh_map_rigid_validate(inst, s, err, sizeof err), "L iteration %d: %s", iter, err);
        CHECK(s->makespan >= total / m * (1 - 1e-12), "L below the area bound");
        dvmh_map_rigid_schedule_free(s);
        dvmh_map_rigid_free(inst);
    }
}

/* Algorithm S by hand. C = 4 cores; v0 (m 2, t 4), v1 (4, 8), v2 (2, 2),
 * v3 (1, 1); edges 0->1 (3), 0->2 (1), 1->3 (2), 2->3 (1). Levels 0 | 1 2
 * | 3; alone each on its node: v0 [0,2), v1 [5,7), v2 [3,4), v3 [9,10).
 * The critical path 0-1-3 merges v1 into v0's node (v1 [2,4)), then v3
 * (v3 waits for v2's data: [5,6)); v2 cannot join: level 1 is full and
 * v3 sits right below. Makespan 6 on 2 nodes. */
/* Makespan with every vertex alone on a node: the longest path, edges
 * paying their volumes (edges here run from lower to higher numbers). */
static double longest_path_alone(const dvmh_map_dag *dag)
{
    double finish[64] = {0}, makespan = 0;
    for (int v = 0; v < dag->nvertices; v++) {
        double at = 0;
        for (int e = 0; e < dag->nedges; e++)
            if (dag->dst[e] == v && finish[dag->src[e]] + dag->volume[e] > at)
                at = finish[dag->src[e]] + dag->volume[e];
        int c = dag->width[v] < dag->cores ? dag->width[v] : dag->cores;
        finish[v] = at + dag->work[v] / c;
        if (finish[v] > makespan)
            makespan = finish[v];
    }
    return makespan;
}

static void test_algo_s(void)
{
    char err[256];
    FILE *f = text_file("4 4 4\n2 4\n4 8\n2 2\n1 1\n0 1 3\n0 2 1\n1 3 2\n2 3 1\n");
    dvmh_map_dag *dag = dvmh_map_dag_read(f, err, sizeof err);
    fclose(f);
    CHECK(dag, "S reader: %s", err);
    if (!dag)
        return;
    dvmh_map_dag_schedule *s = dvmh_map_algo_s(dag);
    int node[] = {0, 0, 1, 0}, cores[] = {2, 4, 2, 1};
    double start[] = {0, 2, 3, 5};
    for (int v = 0; v < 4; v++)
        CHECK(s->node[v] == node[v] && s->cores[v] == cores[v] && s->start[v] == start[v],
              "S vertex %d: node %d cores %d start %g", v, s->node[v], s->cores[v], s->start[v]);
    CHECK(s->makespan == 6 && s->nnodes == 2, "S makespan %g nodes %d", s->makespan, s->nnodes);
    CHECK(!dvmh_map_dag_validate(dag, s, err, sizeof err), "S: %s", err);
    s->start[2] = 2;
    s->finish[2] = 3;
    CHECK(dvmh_map_dag_validate(dag, s, err, sizeof err) == -1 && strstr(err, "before its data"),
          "early start not seen: %s", err);
    dvmh_map_dag_schedule_free(s);
    dvmh_map_dag_free(dag);

    /* Independent vertices: compaction packs them onto few nodes. */
    for (int iter = 0; iter < 1500; iter++) {
        int n = 1 + (int)rnd(40), c = 1 + (int)rnd(8), e = (int)rnd((unsigned)(2 * n));
        dag = dvmh_map_dag_new(n, e, c);
        for (int v = 0; v < n; v++) {
            dag->width[v] = 1 + (int)rnd(10);
            dag->work[v] = 1 + rnd(40);
        }
        /* Edges from lower to higher numbers keep the graph acyclic. */
        int kept = 0;
        for (int i = 0; i < e; i++) {
            int a = (int)rnd((unsigned)n), b = (int)rnd((unsigned)n);
            if (a == b)
                continue;
            dag->src[kept] = a < b ? a : b;
            dag->dst[kept] = a < b ? b : a;
            dag->volume[kept++] = rnd(20);
        }
        dag->nedges = kept;
        s = dvmh_map_algo_s(dag);
        CHECK(s && !dvmh_map_dag_validate(dag, s, err, sizeof err), "S iteration %d: %s", iter, err);
        /* Never worse than every vertex alone on its node. */
        double alone = longest_path_alone(dag);
        CHECK(s->makespan <= alone * (1 + 1e-12), "S %g worse than its start %g", s->makespan, alone);
        dvmh_map_dag_schedule_free(s);
        dvmh_map_dag_free(dag);
    }
}

static void test_graph_readers(void)
{
    char err[256];
    struct {
        const char *text, *expect;
        int dag;
    } bad[] = {
        {"2 1 1\n3 4\n0 2 1\n", "line 3", 0},
        {"2 1 1\n3 -4\n0 1 1\n", "line 2", 0},
        {"2 1 1\n3 4\n0 1\n", "unexpected end of file", 0},
        {"2 1 1\n3 4\n1 1 2\n", "itself", 0},
        {"2 1 0\n3 4\n5\n", "line 3", 0},
        {"2 2 4\n1 3\n2 2\n0 1 1\n1 0 1\n", "cycle", 1},
        {"2 1 4\n0 3\n2 2\n0 1 1\n", "line 2", 1},
        {"1 0 4\n1 3\n7\n", "line 3", 1},
    };
    for (unsigned i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        FILE *f = text_file(bad[i].text);
        void *got;
        if (bad[i].dag) {
            got = dvmh_map_dag_read(f, err, sizeof err);
            dvmh_map_dag_free(got);
        } else {
            got = dvmh_map_rigid_read(f, err, sizeof err);
            dvmh_map_rigid_free(got);
        }
        fclose(f);
        CHECK(!got && strstr(err, bad[i].expect), "bad graph file %u: got '%s'", i, got ? "accepted" : err);
    }
}

int main(void)
{
    test_hand_checked();
    test_reader();
    test_algo_l();
    test_algo_s();
    test_graph_readers();
    test_generated();
    test_exact();
    if (failures)
        fprintf(stderr, "%d failures\n", failures);
    return failures ? 1 : 0;
}
