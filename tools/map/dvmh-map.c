/* dvmh-map: reads a moldable mapping instance and prints the schedule of
 * the chosen algorithm (format in --help and tools/map/README.md). */
#include "dvmh_map.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void usage(FILE *out)
{
    fprintf(out,
            "usage: dvmh-map [--algo P|P-area|two-phase|best] FILE|-\n"
            "Input (moldable tasks): first 'N M' (tasks, processors), then per task\n"
            "  'kmin kmax t(kmin) ... t(kmax)' (times > 0; '#' starts a comment).\n"
            "Output: one line per task in input order 'start k proc0 proc1 ...',\n"
            "then 'makespan X lower_bound Y'. Default algorithm: best.\n"
            "Algorithms L (LTF_MFT_ACC) and S (POS) are not supported yet.\n");
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
    if (!strcmp(algo, "L") || !strcmp(algo, "S")) {
        fprintf(stderr, "dvmh-map: not supported yet: algorithm %s\n", algo);
        return 2;
    }
    if (strcmp(algo, "P") && strcmp(algo, "P-area") && strcmp(algo, "two-phase") && strcmp(algo, "best")) {
        fprintf(stderr, "dvmh-map: unknown algorithm '%s'\n", algo);
        return 2;
    }
    FILE *in = strcmp(file, "-") ? fopen(file, "r") : stdin;
    if (!in) {
        fprintf(stderr, "dvmh-map: cannot open %s\n", file);
        return 1;
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
