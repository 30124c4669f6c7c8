/* program_test.c: a whole program as the rewriter generates it (see
 * docs/generated-code.md), written by hand so that the runtime's
 * multi-process paths are tested without the compiler: Jacobi iterations
 * (shadow_renew, max reduction), a Gauss-Seidel sweep (across), sum and
 * maxloc reductions, remote_access, a read of one element, redistribute,
 * and fwrite/fread of the distributed array. Its output must equal
 * program_test.expected, the output of the same program as sequential C,
 * on any number of processes. Argument: a scratch file path. */
#include <dvmh.h>
#include <math.h>

#define N 40
#define M 30

dvmh_array *A, *B;

#define RULES_2D (const dvmh_rule[]){{DVMH_RULE_LINEAR, 0, 1, 0}, {DVMH_RULE_LINEAR, 1, 1, 0}}
#define RANGE_2D(lo0, lo1, hi0, hi1) \
    (const dvmh_idx[]){lo0, lo1}, (const dvmh_idx[]){hi0, hi1}, (const dvmh_idx[]){1, 1}

/* for i, j: eps = max(eps, |B - A|); A = B */
/* rows of the local extents indexed by global indices, as generated */
__attribute__((no_sanitize("array-bounds")))
static void loop_copy(dvmh_piece *p)
{
    double (*A)[p->ext[0][1]] = p->data[0];
    double (*B)[p->ext[1][1]] = p->data[1];
    double eps;
    dvmh_red_init(p, 0, &eps, NULL);
    for (int i = p->lo[0]; i <= p->hi[0]; i++)
        for (int j = p->lo[1]; j <= p->hi[1]; j++) {
            eps = fmax(fabs(B[i][j] - A[i][j]), eps);
            A[i][j] = B[i][j];
        }
    dvmh_red_put(p, 0, 0, &eps, NULL);
}

/* for i, j: B = average of A's four neighbours */
__attribute__((no_sanitize("array-bounds")))
static void loop_jacobi(dvmh_piece *p)
{
    double (*B)[p->ext[0][1]] = p->data[0];
    double (*A)[p->ext[1][1]] = p->data[1];
    for (int i = p->lo[0]; i <= p->hi[0]; i++)
        for (int j = p->lo[1]; j <= p->hi[1]; j++)
            B[i][j] = (A[i - 1][j] + A[i + 1][j] + A[i][j - 1] + A[i][j + 1]) / 4;
}

/* the same in place: a Gauss-Seidel sweep, run in order (across) */
__attribute__((no_sanitize("array-bounds")))
static void loop_gauss_seidel(dvmh_piece *p)
{
    double (*A)[p->ext[0][1]] = p->data[0];
    for (int i = p->lo[0]; i <= p->hi[0]; i++)
        for (int j = p->lo[1]; j <= p->hi[1]; j++)
            A[i][j] = (A[i - 1][j] + A[i + 1][j] + A[i][j - 1] + A[i][j + 1]) / 4;
}

__attribute__((no_sanitize("array-bounds")))
static void loop_sum_max(dvmh_piece *p)
{
    double (*A)[p->ext[0][1]] = p->data[0];
    double s, mx;
    int loc[2];
    dvmh_red_init(p, 0, &s, NULL);
    dvmh_red_init(p, 1, &mx, loc);
    for (int i = p->lo[0]; i <= p->hi[0]; i++)
        for (int j = p->lo[1]; j <= p->hi[1]; j++) {
            s += A[i][j];
            if (A[i][j] > mx) {
                mx = A[i][j];
                loc[0] = i;
                loc[1] = j;
            }
        }
    dvmh_red_put(p, 0, 0, &s, NULL);
    dvmh_red_put(p, 1, 0, &mx, loc);
}

/* for i on B[i][0]: col += A[i][M/2] * (i + 1), A through remote_access */
__attribute__((no_sanitize("array-bounds")))
static void loop_column(dvmh_piece *p)
{
    double (*A)[p->ext[0][1]] = p->data[0];
    double col;
    dvmh_red_init(p, 0, &col, NULL);
    for (int i = p->lo[0]; i <= p->hi[0]; i++)
        col += A[i][M / 2] * (i + 1);
    dvmh_red_put(p, 0, 0, &col, NULL);
}

static void create_globals(void)
{
    A = dvmh_array_create(__FILE__, __LINE__, 2, sizeof(double), DVMH_T_DOUBLE,
                          (const dvmh_idx[]){N, M}, NULL, NULL,
                          (const dvmh_distr[]){{DVMH_DISTR_BLOCK, NULL, 0, 0},
                                               {DVMH_DISTR_BLOCK, NULL, 0, 0}});
    B = dvmh_array_create(__FILE__, __LINE__, 2, sizeof(double), DVMH_T_DOUBLE,
                          (const dvmh_idx[]){N, M}, NULL, NULL, NULL);
    dvmh_array_align(__FILE__, __LINE__, B, A, RULES_2D);
}

__attribute__((constructor)) static void register_globals(void)
{
    dvmh_register_init(create_globals);
}

int main(int argc, char **argv)
{
    dvmh_init(&argc, &argv);
    if (argc < 2)
        return dvmh_finish(2);
    for (int i = 0; i < N; i++)
        for (int j = 0; j < M; j++) {
            if (DVMH_OWNS(A, i, j))
                DVMH_AT2(A, double, i, j) = 0;
            if (DVMH_OWNS(B, i, j))
                DVMH_AT2(B, double, i, j) =
                    (i == 0 || j == 0 || i == N - 1 || j == M - 1) ? 0 : 1 + i * 0.5 + j;
        }
    for (int it = 0; it < 20; it++) {
        double eps = 0;
        dvmh_loop *l = dvmh_loop_create(__FILE__, __LINE__, 2, RANGE_2D(1, 1, N - 2, M - 2));
        dvmh_loop_map(l, A, RULES_2D);
        dvmh_loop_array(l, A, DVMH_READ | DVMH_WRITE);
        dvmh_loop_array(l, B, DVMH_READ);
        dvmh_loop_reduction(l, DVMH_RED_MAX, DVMH_T_DOUBLE, &eps, 1, NULL, 0, 0);
        dvmh_loop_handler(l, DVMH_DEV_HOST, loop_copy);
        dvmh_loop_run(l);

        l = dvmh_loop_create(__FILE__, __LINE__, 2, RANGE_2D(1, 1, N - 2, M - 2));
        dvmh_loop_map(l, B, RULES_2D);
        dvmh_loop_array(l, B, DVMH_WRITE);
        dvmh_loop_array(l, A, DVMH_READ);
        dvmh_loop_shadow_renew(l, 1, NULL, NULL, 0);
        dvmh_loop_handler(l, DVMH_DEV_HOST, loop_jacobi);
        dvmh_loop_run(l);
        dvmh_printf("it %2d eps %.10f\n", it, eps);
    }

    dvmh_loop *l = dvmh_loop_create(__FILE__, __LINE__, 2, RANGE_2D(1, 1, N - 2, M - 2));
    dvmh_loop_map(l, A, RULES_2D);
    dvmh_loop_array(l, A, DVMH_READ | DVMH_WRITE);
    dvmh_loop_across(l, 0, (const dvmh_idx[]){1, 1}, (const dvmh_idx[]){1, 1}, 0);
    dvmh_loop_handler(l, DVMH_DEV_HOST, loop_gauss_seidel);
    dvmh_loop_run(l);

    double s = 0, mx = -1;
    int loc[2] = {0, 0};
    l = dvmh_loop_create(__FILE__, __LINE__, 2, RANGE_2D(0, 0, N - 1, M - 1));
    dvmh_loop_map(l, A, RULES_2D);
    dvmh_loop_array(l, A, DVMH_READ);
    dvmh_loop_reduction(l, DVMH_RED_SUM, DVMH_T_DOUBLE, &s, 1, NULL, 0, 0);
    dvmh_loop_reduction(l, DVMH_RED_MAXLOC, DVMH_T_DOUBLE, &mx, 1, loc, 2, sizeof(int));
    dvmh_loop_handler(l, DVMH_DEV_HOST, loop_sum_max);
    dvmh_loop_run(l);
    dvmh_printf("gs sum %.8f max %.8f at %d %d\n", s, mx, loc[0], loc[1]);

    double col = 0;
    l = dvmh_loop_create(__FILE__, __LINE__, 1, (const dvmh_idx[]){0}, (const dvmh_idx[]){N - 1},
                         (const dvmh_idx[]){1});
    dvmh_loop_map(l, B, (const dvmh_rule[]){{DVMH_RULE_LINEAR, 0, 1, 0}, {DVMH_RULE_CONST, 0, 0, 0}});
    dvmh_loop_array(l, A, DVMH_READ);
    dvmh_loop_remote(l, 0, (const dvmh_rule[]){{DVMH_RULE_LINEAR, 0, 1, 0},
                                               {DVMH_RULE_CONST, 0, 0, M / 2}});
    dvmh_loop_reduction(l, DVMH_RED_SUM, DVMH_T_DOUBLE, &col, 1, NULL, 0, 0);
    dvmh_loop_handler(l, DVMH_DEV_HOST, loop_column);
    dvmh_loop_run(l);
    double corner;
    dvmh_read_elem(__FILE__, __LINE__, A, (const dvmh_idx[]){N - 2, M - 2}, &corner);
    dvmh_printf("col %.8f corner %.8f\n", col, corner);

    dvmh_redistribute(__FILE__, __LINE__, A,
                      (const dvmh_distr[]){{DVMH_DISTR_NONE, NULL, 0, 0},
                                           {DVMH_DISTR_BLOCK, NULL, 0, 0}});
    FILE *f = dvmh_fopen(argv[1], "wb");
    dvmh_fwrite((const void *)A, sizeof(double), N * M, f);
    dvmh_fclose(f);
    static double back[N * M];
    f = dvmh_fopen(argv[1], "rb");
    size_t got = dvmh_fread(back, sizeof(double), N * M, f);
    dvmh_fclose(f);
    dvmh_remove(argv[1]);
    double check = 0;
    for (int k = 0; k < N * M; k++)
        check += back[k] * (k % 7 + 1);
    dvmh_printf("file %zu elements, checksum %.8f\n", got, check);
    return dvmh_finish(0);
}
