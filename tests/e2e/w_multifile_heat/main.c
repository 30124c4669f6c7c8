/* A program of six files and four headers: model.h declares a template
 * and two aligned arrays extern with their full directives and fields.c
 * defines them without any; coeffs.h (no directives, no guard, read twice
 * by step.c) declares ordinary arrays used in region in/out clauses and
 * loops; ops.h declares functions receiving distributed arrays with
 * 'inherit', called here with T and Tn; hist.h defines a static
 * distributed array used by report.c alone. */
#include <stdio.h>
#include "model.h"
#include "ops.h"
// TOLERANCE: 1e-9

int main(void)
{
    int s, i;
    double p = 0;
    init_coeffs();
    make_profile();
    init_fields();
    for (s = 0; s < NSTEPS; s++)
        printf("step %d diff %.6e\n", s, step());
    printf("sum %.6e weighted %.6e\n", field_sum(T, 0), field_sum(Tn, 1));
    field_scale(Tn, 0.5);
    printf("scaled %.6e report %.6e\n", field_sum(Tn, 1), report());
    for (i = 0; i < NX; i++)
        p += prof[i] * (i + 1);
    printf("profile %.6f\n", p);
    return 0;
}
