/* The directive parser: every directive and clause form parses into the
 * expected tree; malformed texts give one error at the right column;
 * thousands of random mutations of valid directives never crash or hang. */
#include "directive.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures;
#define CHECK(cond, ...)                                                                     \
    do {                                                                                     \
        if (!(cond)) {                                                                       \
            failures++;                                                                      \
            fprintf(stderr, "%s:%d: ", __FILE__, __LINE__);                                   \
            fprintf(stderr, __VA_ARGS__);                                                    \
            fputc('\n', stderr);                                                             \
        }                                                                                    \
    } while (0)

static unsigned lines[4096], cols[4096];

/* Parses text as if it started at column 13 of line 1 (after "#pragma dvm "). */
static directive *parse(const char *text, diag_list *diags)
{
    size_t n = strlen(text);
    for (size_t k = 0; k <= n && k < 4096; k++) {
        lines[k] = 1;
        cols[k] = (unsigned)(13 + k);
    }
    return dir_parse(text, lines, cols, "t.c", diags);
}

static void test_forms(void)
{
    diag_list diags = {0};
    directive *d = parse(" parallel([i][j] on A[i][2*j+1]) private(t, u) reduction(max(eps), "
                         "maxloc(m, loc, 2)) shadow_renew(B, C[1:1][0:0], D(corner)) "
                         "across(A[1:1][1:0], out(E[0:1])) remote_access(X[i][]) tie(Y[][j]) "
                         "cuda_block(32, 8) stage(4)",
                         &diags);
    CHECK(d && diags.errors == 0, "parallel parses");
    if (d) {
        CHECK(d->kind == DIR_PARALLEL && d->loop_rank == 2, "loop vars");
        CHECK(d->has_on && !strcmp(d->on.name, "A") && d->on.rank == 2, "on");
        CHECK(d->on.index[1].kind == DIR_INDEX_LINEAR && !strcmp(d->on.index[1].var, "j") &&
                  !strcmp(d->on.index[1].a, "2") && !strcmp(d->on.index[1].b, "+(1)"),
              "on index a*j+b: a=%s b=%s", d->on.index[1].a, d->on.index[1].b);
        CHECK(d->privates.count == 2, "privates");
        CHECK(d->reduction_count == 2 && d->reductions[1].op == DIR_RED_MAXLOC &&
                  !strcmp(d->reductions[1].loc_var, "loc") && !strcmp(d->reductions[1].loc_count, "2"),
              "reductions");
        CHECK(d->shadow_renew.count == 3 && d->shadow_renew.items[1].rank == 2 &&
                  d->shadow_renew.items[2].corner,
              "shadow_renew");
        CHECK(d->across.count == 2 && d->across.items[1].out, "across out");
        CHECK(d->remote_count == 1 && d->remotes[0].index[1].kind == DIR_INDEX_EMPTY, "remote");
        CHECK(d->tie_count == 1 && d->ties[0].index[0].kind == DIR_INDEX_EMPTY, "tie");
        CHECK(d->cuda_block_rank == 2 && !strcmp(d->stage, "4"), "cuda_block, stage");
    }
    dir_free(d);
    d = parse("array distribute[block][*][wgtblock(W, 4)][genblock(G)][multblock(2)], shadow[1:2][0][1][1][1]",
              &diags);
    CHECK(d && d->distr_rank == 5 && d->distr[2].kind == DIR_DISTR_WGTBLOCK &&
              !strcmp(d->distr[2].arg2, "4") && d->shadow_rank == 5 && !strcmp(d->shadow[0].hi, "2"),
          "array formats");
    dir_free(d);
    d = parse("array align([i][] with T[N - 1 - i][5])", &diags);
    CHECK(d && d->has_align && d->align_dummy[1] == NULL &&
              d->align_target.index[0].kind == DIR_INDEX_LINEAR &&
              !strcmp(d->align_target.index[0].a, "-(1)") &&
              d->align_target.index[1].kind == DIR_INDEX_CONST,
          "align with b - i");
    dir_free(d);
    d = parse("region in(A[1:N-2][], b)out(C)inout(D) local(E) targets(HOST, CUDA) async", &diags);
    CHECK(d && d->in.count == 2 && d->in.items[0].rank == 2 && !d->in.items[0].range[1].lo &&
              d->targets == 3 && d->async,
          "region without separators");
    dir_free(d);
    d = parse("template [N] [2*M] distribute [block] [block]", &diags);
    CHECK(d && d->dims_rank == 2 && !strcmp(d->dims[1], "2*M"), "template with blanks");
    dir_free(d);
    const char *ok[] = {"get_actual", "get_actual(A, B[0][])", "actual(eps)", "inherit(A, B)",
                        "redistribute(A[block][*])", "realign(X[i] with A[i][])", "interval",
                        "interval(3)", "remote_access(A[k][], X[j+1])", "task blocks[4]",
                        "host_section", NULL};
    for (int k = 0; ok[k]; k++) {
        d = parse(ok[k], &diags);
        CHECK(d != NULL, "'%s' parses", ok[k]);
        dir_free(d);
    }
    CHECK(diags.errors == 0, "no errors on valid directives (%d)", diags.errors);
    diag_free(&diags);
}

static void test_errors(void)
{
    struct { const char *text; unsigned col; const char *message; } cases[] = {
        {"paralel([i])", 13, "unknown directive 'paralel'"},
        {"parallel([i]) privat(t)", 27, "unknown clause 'privat' in 'parallel' directive"},
        {"parallel([i]) reduction(summ(s))", 37, "reduction operation 'summ' is not known"},
        {"parallel([i] on A[i]", 33, "expected ')' after the loop variables, found end of directive"},
        {"array distribute[blok]", 30, "unknown distribution format 'blok'"},
        {"region targets(GPU)", 28, "unknown target 'GPU' (expected HOST or CUDA)"},
        {"get_actual(a) extra", 27, "unexpected 'extra' at the end of 'get_actual' directive"},
        {"parallel([i] on A[i*i])", 33, "an index may use only one loop variable, once"},
        /* expressions are C expressions (no scope here: names are not looked up) */
        {"interval 1 2", 24, "unexpected '2' in the interval's number"},
        {"parallel([i]) across(A[3:#0])", 38, "expected an operand, found '#'"},
        {"array shadow[1:-2]", 28, "a shadow width must not be negative, found '-2'"},
        {"parallel([i]) shadow_renew(A[0x1.8])", 42, "invalid number '0x1.8' in the directive"},
        {"get_actual(A[(N + 1])", 32, "unexpected ']' in the expression: expected ')'"},
        {"template[int]", 22, "expected an operand, found 'int'"},
        {NULL, 0, NULL}};
    for (int k = 0; cases[k].text; k++) {
        diag_list diags = {0};
        directive *d = parse(cases[k].text, &diags);
        CHECK(!d && diags.count == 1, "'%s' fails once", cases[k].text);
        if (diags.count) {
            CHECK(diags.items[0].column == cases[k].col, "'%s': column %u, expected %u",
                  cases[k].text, diags.items[0].column, cases[k].col);
            CHECK(!strcmp(diags.items[0].message, cases[k].message), "'%s': message '%s'",
                  cases[k].text, diags.items[0].message);
        }
        dir_free(d);
        diag_free(&diags);
    }
}

/* The forms of the DVM system: comments as blanks, parallel(N), the
 * interval family; and their errors. */
static void test_dvm_forms(void)
{
    {
        /* valid C expressions stay valid */
        diag_list ok = {0};
        directive *e = parse("parallel([i] on A[i]) shadow_renew(A[(int)1.0:sizeof(double) - 1]) "
                             "stage(n > 2 ? f(n, 2) : s.x[1] * -2) cuda_block(B->w, 0x10UL, 1e3f)",
                             &ok);
        CHECK(e && ok.errors == 0, "C expressions in clauses parse");
        dir_free(e);
        diag_free(&ok);
    }
    diag_list diags = {0};
    directive *d = parse("parallel([i] /* x */ on A[i]) // tail\n", &diags);
    CHECK(d && d->has_on && d->loop_rank == 1, "comments are blanks");
    dir_free(d);
    d = parse("region /* a\nb */ in(A, /* c */ B) // out(C)", &diags);
    CHECK(d && d->in.count == 2 && d->out.count == 0, "comments in lists, a line comment ends");
    dir_free(d);
    d = parse("parallel(3) private(m) reduction(max(eps))", &diags);
    CHECK(d && d->depth_form && d->loop_rank == 3 && !d->loop_vars[0] && !d->has_on &&
              d->privates.count == 1 && d->reduction_count == 1,
          "parallel(N)");
    dir_free(d);
    d = parse("interval 4", &diags);
    CHECK(d && d->kind == DIR_INTERVAL && !strcmp(d->interval_id, "4"), "interval N");
    dir_free(d);
    d = parse("interval(N + 1)", &diags);
    CHECK(d && !strcmp(d->interval_id, "N + 1"), "interval(expr)");
    dir_free(d);
    d = parse("endinterval", &diags);
    CHECK(d && d->kind == DIR_ENDINTERVAL, "endinterval");
    dir_free(d);
    d = parse("exitinterval 21, (20)", &diags);
    CHECK(d && d->kind == DIR_EXITINTERVAL && d->exit_id_count == 2 &&
              !strcmp(d->exit_ids[0], "21") && !strcmp(d->exit_ids[1], "20"),
          "exitinterval");
    dir_free(d);
    CHECK(diags.errors == 0, "no errors on valid forms (%d)", diags.errors);
    diag_free(&diags);
    struct { const char *text; unsigned col; const char *message; } cases[] = {
        {"region /* open", 20, "unterminated '/*' comment in the directive"},
        {"parallel(0)", 22, "'parallel(0)': the number of nested loops must be at least 1"},
        {"parallel(8)", 22, "'parallel(8)': too many dimensions (at most 7)"},
        {"parallel(2.5)", 22, "expected the number of nested loops after 'parallel(', found '2.5'"},
        {"parallel(K)", 22, "expected '[' or the number of nested loops, found 'K'"},
        {"parallel(2 on A[i][j])", 24, "expected ')' after the number of nested loops, found 'on'"},
        {"parallel(1) tie(a[i])", 25, "'tie' needs the loop variables by name: write 'parallel([i]...)' "
                                      "instead of 'parallel(N)'"},
        {"endinterval 3", 25, "unexpected '3' at the end of 'endinterval' directive"},
        {"exitinterval", 25, "expected the number of an interval to exit, found end of directive"},
        {"exitinterval 1,", 28, "expected the number of an interval to exit, found end of directive"},
        {"interval 1, 2", 23, "unexpected ',' at the end of 'interval' directive"},
        {NULL, 0, NULL}};
    for (int k = 0; cases[k].text; k++) {
        diag_list dl = {0};
        d = parse(cases[k].text, &dl);
        CHECK(!d && dl.count == 1, "'%s' fails once", cases[k].text);
        if (dl.count) {
            CHECK(dl.items[0].column == cases[k].col, "'%s': column %u, expected %u", cases[k].text,
                  dl.items[0].column, cases[k].col);
            CHECK(!strcmp(dl.items[0].message, cases[k].message), "'%s': message '%s'", cases[k].text,
                  dl.items[0].message);
        }
        dir_free(d);
        diag_free(&dl);
    }
}

/* Random mutations: truncations, insertions of punctuation, deletions. */
static void test_robustness(void)
{
    const char *seeds[] = {
        "parallel([i][j] on A[i][2*j+1]) private(t) reduction(maxloc(m, loc, 2)) across(A[1:1][1:0])",
        "array distribute[wgtblock(W, 4)][genblock(G)], shadow[1:2][0] align([i][] with T[i][5])",
        "region in(A[1:N-2][], b) out(C) targets(HOST, CUDA) async",
        "realign(X[i] with A[N-1-i][])", "remote_access(A[k][], X[j+1])",
        "parallel(2) /* c */ reduction(max(e)) // t", "exitinterval 1, (2)"};
    const char junk[] = "[]():,*+-_ab1\\\"'/";
    srand(12345);
    char buf[512];
    for (int iter = 0; iter < 20000; iter++) {
        const char *s = seeds[iter % 7];
        size_t n = strlen(s);
        memcpy(buf, s, n + 1);
        int edits = 1 + rand() % 4;
        for (int e = 0; e < edits; e++) {
            size_t len = strlen(buf);
            size_t at = len ? (size_t)rand() % len : 0;
            switch (rand() % 3) {
            case 0: buf[at] = 0; break;
            case 1: buf[at] = junk[rand() % (int)(sizeof junk - 1)]; break;
            default:
                if (len + 1 < sizeof buf) {
                    memmove(buf + at + 1, buf + at, len - at + 1);
                    buf[at] = junk[rand() % (int)(sizeof junk - 1)];
                }
            }
        }
        diag_list diags = {0};
        directive *d = parse(buf, &diags);
        CHECK(d || diags.errors > 0, "'%s': no tree and no error", buf);
        dir_free(d);
        diag_free(&diags);
    }
}

/* array_copy, localize, unlocalize: names in order, the ':' axis. */
static void test_data_directives(void)
{
    diag_list diags = {0};
    directive *d = parse("array_copy(C = R)", &diags);
    CHECK(d && d->kind == DIR_ARRAY_COPY && d->name_count == 2 && !strcmp(d->names[0], "C") &&
              !strcmp(d->names[1], "R") && d->name_locs[1].col == 28,
          "array_copy(C = R)");
    dir_free(d);
    d = parse("localize(idx => M[][:][])", &diags);
    CHECK(d && d->kind == DIR_LOCALIZE && d->name_count == 2 && !strcmp(d->names[1], "M") &&
              d->localize_rank == 3 && d->localize_axis == 1,
          "localize with an axis");
    dir_free(d);
    d = parse("localize(idx=>V)", &diags);
    CHECK(d && d->localize_rank == 0 && d->localize_axis == 0, "localize without brackets");
    dir_free(d);
    d = parse("unlocalize(a, b, c)", &diags);
    CHECK(d && d->kind == DIR_UNLOCALIZE && d->name_count == 3 && !strcmp(d->names[2], "c"),
          "unlocalize list");
    dir_free(d);
    CHECK(diags.errors == 0, "no errors on valid data directives (%d)", diags.errors);
    const char *bad[] = {"array_copy(C R)", "array_copy(C = )", "localize(idx => M[:][:])",
                         "localize(idx => M[][])", "localize(idx = M)", "unlocalize()",
                         "unlocalize(a,)", "host_section x", NULL};
    for (int k = 0; bad[k]; k++) {
        diag_list e = {0};
        d = parse(bad[k], &e);
        CHECK(!d && e.errors == 1, "'%s': one error (%d)", bad[k], e.errors);
        dir_free(d);
        diag_free(&e);
    }
    diag_free(&diags);
}

int main(void)
{
    test_data_directives();
    test_forms();
    test_errors();
    test_dvm_forms();
    test_robustness();
    if (failures)
        fprintf(stderr, "%d failures\n", failures);
    else
        printf("directive parser tests passed\n");
    return failures ? 1 : 0;
}
