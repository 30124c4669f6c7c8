/* dvmh-map: reads a moldable mapping instance and prints the schedule of
 * the chosen algorithm (format in --help and tools/map/README.md). */
#include <dvmh_map.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void usage(FILE *out)
{
    fprintf(
        out,
        "usage: dvmh-map [--algo P|P-area|two-phase|best|L|S] FILE|-\n"
        "Moldable tasks (P, P-area, two-phase, best; default best):\n"
        "  input: 'N M' (tasks, processors), then per task 'kmin kmax t(kmin) ... t(kmax)'\n"
        "  (times > 0); output: per task 'start k proc0 proc1 ...', then\n"
        "  'makespan X lower_bound Y'.\n"
        "L (LTF_MFT_ACC, rigid tasks with communication):\n"
        "  input: 'N M E', N execution times X(z), E lines 'a b cost' (task b receives\n"
        "  data from task a, 0-based; cost paid on b's processor when they differ);\n"
        "  output: per task 'proc start finish', then 'makespan X'.\n"
        "S (POS, a DAG on multi-core nodes):\n"
        "  input: 'V E C' (vertices, edges, cores per node), V lines 'm t' (t: time on\n"
        "  one core, linear speed-up up to m cores), E lines 'a b volume' (b after a;\n"
        "  volume is the transfer time between different nodes); output: per vertex\n"
        "  'node cores start finish', then 'makespan X nodes K'.\n"
        "Tokens may span lines; '#' starts a comment. Errors: 'dvmh-map: FILE: line N: ...'.\n");
}

static int map_print_l(FILE *in, const char *file)
{
    char err[256];
    dvmh_map_rigid *inst = dvmh_map_rigid_read(in, err, sizeof err);
    if (!inst) {
        fprintf(stderr, "dvmh-map: %s: %s\n", file, err);
        return 1;
    }
    dvmh_map_rigid_schedule *s = dvmh_map_algo_l(inst);
    if (!s || dvmh_map_rigid_validate(inst, s, err, sizeof err)) {
        fprintf(stderr, "dvmh-map: internal error: %s\n", s ? err : "out of memory");
        return 1;
    }
    for (int z = 0; z < inst->ntasks; z++)
        printf("%d %.17g %.17g\n", s->proc[z], s->start[z], s->finish[z]);
    printf("makespan %.17g\n", s->makespan);
    dvmh_map_rigid_schedule_free(s);
    dvmh_map_rigid_free(inst);
    return 0;
}

static int map_print_s(FILE *in, const char *file)
{
    char err[256];
    dvmh_map_dag *dag = dvmh_map_dag_read(in, err, sizeof err);
    if (!dag) {
        fprintf(stderr, "dvmh-map: %s: %s\n", file, err);
        return 1;
    }
    dvmh_map_dag_schedule *s = dvmh_map_algo_s(dag);
    if (!s || dvmh_map_dag_validate(dag, s, err, sizeof err)) {
        fprintf(stderr, "dvmh-map: internal error: %s\n", s ? err : "out of memory");
        return 1;
    }
    for (int v = 0; v < dag->nvertices; v++)
        printf("%d %d %.17g %.17g\n", s->node[v], s->cores[v], s->start[v], s->finish[v]);
    printf("makespan %.17g nodes %d\n", s->makespan, s->nnodes);
    dvmh_map_dag_schedule_free(s);
    dvmh_map_dag_free(dag);
    return 0;
}

int main(int argc, char **argv)
{
    const char *algo = "best", *file = NULL;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            usage(stdout);
            return 0;
        } else if (!strcmp(argv[i], "--algo") && i + 1 < argc) {
            algo = argv[++i];
        } else if (!strncmp(argv[i], "--algo=", 7)) {
            algo = argv[i] + 7;
        } else if (!file) {
            file = argv[i];
        } else {
            usage(stderr);
            return 2;
        }
    }
    if (!file) {
        usage(stderr);
        return 2;
    }
    int graph = !strcmp(algo, "L") || !strcmp(algo, "S");
    if (!graph && strcmp(algo, "P") && strcmp(algo, "P-area") && strcmp(algo, "two-phase") &&
        strcmp(algo, "best")) {
        fprintf(stderr, "dvmh-map: unknown algorithm '%s'\n", algo);
        return 2;
    }
    FILE *in = strcmp(file, "-") ? fopen(file, "r") : stdin;
    if (!in) {
        fprintf(stderr, "dvmh-map: cannot open %s\n", file);
        return 1;
    }
    if (graph) {
        int status = !strcmp(algo, "L") ? map_print_l(in, file) : map_print_s(in, file);
        if (in != stdin)
            fclose(in);
        return status;
    }
    char err[256];
    dvmh_map_instance *inst = dvmh_map_instance_read(in, err, sizeof err);
    if (in != stdin)
        fclose(in);
    if (!inst) {
        fprintf(stderr, "dvmh-map: %s: %s\n", file, err);
        return 1;
    }
    double lb = dvmh_map_lower_bound(inst);
    dvmh_map_schedule *s;
    if (!strcmp(algo, "P"))
        s = dvmh_map_algo_p(inst);
    else if (!strcmp(algo, "P-area"))
        s = dvmh_map_algo_p_area(inst);
    else if (!strcmp(algo, "two-phase"))
        s = dvmh_map_two_phase(inst, lb);
    else
        s = dvmh_map_best(inst);
    if (!s || dvmh_map_validate(inst, s, err, sizeof err)) {
        fprintf(stderr, "dvmh-map: internal error: %s\n", s ? err : "out of memory");
        return 1;
    }
    for (int t = 0; t < inst->ntasks; t++) {
        printf("%.17g %d", s->start[t], s->k[t]);
        for (int i = 0; i < s->k[t]; i++)
            printf(" %d", s->procs[t][i]);
        printf("\n");
    }
    printf("makespan %.17g lower_bound %.17g\n", s->makespan, lb);
    dvmh_map_schedule_free(s);
    dvmh_map_instance_free(inst);
    return 0;
}
