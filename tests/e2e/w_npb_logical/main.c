/* NPB-style C-DVMH written as the SAPFOR and student ports write it:
 * ordinary arrays in regions, 'parallel(2)' without 'on', a private
 * work array that is also named in 'tie' (SAPFOR: 'tie(A[i], P[])
 * private(P)'), a name given twice in 'private' (the NPB SP port's
 * rhs.c), and the NPB's own 'logical' enum with its true and false used
 * in the loops, and a prototype naming a parameter 'class' in the
 * program's header (the CUDA file must bridge both: nvcc builds this
 * file's handlers, the cuda-nvcc test checks that it does). */
#include "types.h"

double u[NX][NY][5], rhs[NX][NY][5];
logical mask[NX][NY];

static void init(void)
{
    int i, j, m;
#pragma dvm region out(u, mask)
    {
#pragma dvm parallel(2) private(m)
        for (i = 0; i < NX; i++)
            for (j = 0; j < NY; j++) {
                for (m = 0; m < 5; m++)
                    u[i][j][m] = 1.0 + 0.01 * (i + 1) * (m + 1) + 0.002 * j * j;
                mask[i][j] = (i + j) % 3 == 0 ? true : false;
            }
    }
}

static void compute_rhs(void)
{
    int i, j, m;
    double w[5], t;
#pragma dvm region in(u, mask) out(rhs)
    {
#pragma dvm parallel([i][j]) tie(u[i][j][], rhs[i][j][], w[]) private(w, m, t, m)
        for (i = 1; i < NX - 1; i++)
            for (j = 1; j < NY - 1; j++) {
                for (m = 0; m < 5; m++)
                    w[m] = u[i + 1][j][m] + u[i - 1][j][m] + u[i][j + 1][m] + u[i][j - 1][m];
                for (m = 0; m < 5; m++) {
                    t = w[m] - 4.0 * u[i][j][m];
                    rhs[i][j][m] = mask[i][j] == true ? 2.0 * t : t;
                }
            }
    }
}

int main(void)
{
    int i, j, m, flagged = 0;
    logical ok = true;
    double s = 0;
    init();
    compute_rhs();
#pragma dvm get_actual(rhs, mask)
    for (i = 1; i < NX - 1; i++)
        for (j = 1; j < NY - 1; j++) {
            flagged += mask[i][j] == true;
            for (m = 0; m < 5; m++) {
                s += rhs[i][j][m] * (1 + (i * NY + j) % 7) * (m + 1);
                if (rhs[i][j][m] != rhs[i][j][m])
                    ok = false;
            }
        }
    report("rhs", 'S', s);
    printf("%d flagged points, %s\n", flagged,
           ok == true ? "verification successful" : "verification failed");
    return ok == true ? 0 : 1;
}

void report(const char *name, char class, double checksum)
{
    printf("%s checksum %.10e, class %c\n", name, checksum, class);
}
