/* loop_host.c: the host handler of a parallel loop. */
#include "gen.h"
#include "loop.h"
#include "nest.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* Three functions: the nest, whose parameters are the data pointers
 * (restrict parameters: the only restrict LLVM relies on) with the user's
 * names and indexing, the scalars by value and the loop's bounds; the
 * team function, which unpacks the piece and calls the nest in a thread;
 * and the handler, which runs the team (dvmh.h's dvmh_team_run). */

/* The nest's parameters and the handler's arguments for them. */
typedef struct host_sig {
    strbuf params, args;
} host_sig;

static void host_param(host_sig *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void host_param(host_sig *s, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *text = str_vprintf(fmt, ap);
    va_end(ap);
    sb_add(&s->params, s->params.len ? ",\n    " : "");
    sb_add(&s->params, text);
    free(text);
}

static void host_arg(host_sig *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void host_arg(host_sig *s, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *text = str_vprintf(fmt, ap);
    va_end(ap);
    sb_add(&s->args, s->args.len ? ", " : "");
    sb_add(&s->args, text);
    free(text);
}

/* Signed integer types by their spelling (unknown ones, unsigned ones
 * included, keep dvmh_idx: an empty piece's bounds may be lo = 0, hi = -1,
 * which an unsigned type would turn into a long loop). */
static bool signed_spelling(const char *t)
{
    static const char *const known[] = {"int", "signed", "signed int", "long", "long int",
                                        "signed long", "long long", "long long int", "short",
                                        "short int", "ptrdiff_t", "ssize_t", "int32_t", "int64_t",
                                        "intptr_t", "dvmh_idx", NULL};
    for (int k = 0; known[k]; k++)
        if (!strcmp(t, known[k]))
            return true;
    return false;
}

static void host_signature(gen *g, const loop_plan *p, host_sig *s)
{
    if (g->check) {
        /* check mode: the body's checks (check.c) name the piece */
        host_param(s, "dvmh_piece *const dvmh_P");
        host_arg(s, "dvmh_P");
    }
    for (int k = 0; k < p->rank; k++) {
        /* the bounds in the loop variable's type: the loop compares like
         * types, as the user's does, so LLVM need not widen the variable
         * (an int against 64-bit bounds costs compile time in induction
         * variable passes and instructions per row); every iteration's
         * value is one of the variable's. Bounds combined with outer loop
         * variables keep dvmh_idx for dvmh_up_first and the like. */
        const loop_dim *ld = &p->dims[k];
        const char *bt = !ld->outer_bounds && signed_spelling(ld->type) ? ld->type : "dvmh_idx";
        host_param(s, "const %s dvmh_lo%d, const %s dvmh_hi%d, const %s dvmh_st%d", bt, k, bt, k, bt,
                   k);
        if (p->thread_pipe && k == 1) /* the thread's block */
            host_arg(s, "dvmh_blo, dvmh_bhi, dvmh_P->step[1]");
        else if (k == p->par_dim) /* the thread's block */
            host_arg(s, "dvmh_tlo, dvmh_thi, dvmh_P->step[%d]", k);
        else
            host_arg(s, "dvmh_P->lo[%d], dvmh_P->hi[%d], dvmh_P->step[%d]", k, k, k);
    }
    if (p->thread_pipe) {
        host_param(s, "dvmh_piece *const dvmh_PP, const int dvmh_me");
        host_arg(s, "dvmh_P, dvmh_t");
    }
    if (p->par_barrier) { /* the team's size: a barrier after each block */
        host_param(s, "const int dvmh_nt");
        host_arg(s, "dvmh_n");
    }
    for (int k = 0; k < p->ndata; k++) {
        const loop_data *dt = &p->data[k];
        for (int dd = 1; dd < dt->rank; dd++) {
            host_param(s, "const dvmh_idx dvmh_e%d_%d", k, dd);
            host_arg(s, "dvmh_P->ext[%d][%d]", k, dd);
        }
        if (dt->rank == 1) {
            host_param(s, "%s *const restrict %s", dt->elem, dt->name);
        } else {
            host_param(s, "%s (*const restrict %s)", dt->elem, dt->name);
            for (int dd = 1; dd < dt->rank; dd++)
                sb_printf(&s->params, "[dvmh_e%d_%d]", k, dd);
        }
        /* the checks reach the array through the piece; a callee through
         * its own name */
        if (g->check || dt->callee)
            sb_add(&s->params, " __attribute__((unused))");
        host_arg(s, "dvmh_P->data[%d]", k);
    }
    for (int k = 0; k < p->nscalars; k++) {
        char *ts = type_spelling(clang_getCursorType(g->a.nodes[p->scalars[k].decl].cursor));
        host_param(s, "%s %s", ts, p->scalars[k].name);
        host_arg(s, "*(%s *)dvmh_P->scalar[%d]", ts, k);
        free(ts);
    }
    for (int k = 0; k < p->dir->reduction_count; k++) {
        const dir_reduction *red = &p->dir->reductions[k];
        host_param(s, "void *const dvmh_red%d", k);
        host_arg(s, "&%s", red->var);
        if (red->loc_var) {
            host_param(s, "void *const dvmh_loc%d", k);
            host_arg(s, "&%s", red->loc_var);
        }
    }
}

/* Reduction variables: the thread's private copies, by value in the nest
 * (h); the handler's copies, initialized by the runtime (inits). */
static void host_reduction_copies(gen *g, const loop_plan *p, strbuf *h, strbuf *inits)
{
    for (int k = 0; k < p->dir->reduction_count; k++) {
        const dir_reduction *red = &p->dir->reductions[k];
        int decl = ast_lookup(&g->a, red->var, p->loop_start);
        char *dt = gen_decl_text(clang_getCursorType(g->a.nodes[decl].cursor), red->var);
        sb_printf(h, "    %s;\n    __builtin_memcpy(&%s, dvmh_red%d, sizeof(%s));\n", dt, red->var, k,
                  red->var);
        sb_printf(inits, "    %s;\n", dt);
        free(dt);
        if (red->loc_var) {
            int ldecl = ast_lookup(&g->a, red->loc_var, p->loop_start);
            char *lt = gen_decl_text(clang_getCursorType(g->a.nodes[ldecl].cursor), red->loc_var);
            sb_printf(h, "    %s;\n    __builtin_memcpy(&%s, dvmh_loc%d, sizeof(%s));\n", lt,
                      red->loc_var, k, red->loc_var);
            sb_printf(inits, "    %s;\n", lt);
            free(lt);
        }
        sb_printf(inits, "    dvmh_red_init(dvmh_P, %d, &%s, %s%s);\n", k, red->var,
                  red->loc_var ? "&" : "", red->loc_var ? red->loc_var : "NULL");
    }
}

/* The loops over the piece, the first free dimension shared by the
 * threads (each runs its block of it), then a #line marker and the body's
 * indentation. Where that dimension is not the outermost and the
 * threads may touch each other's elements (par_barrier), they wait for
 * each other after their blocks, as '#pragma omp for' would (its set-up
 * costs a microsecond per outer iteration: a pipeline's stages of a few
 * rows paid it for every row); a team of one does not. */
static void host_loops(gen *g, const loop_plan *p, strbuf *h)
{
    for (int k = 0; k < p->rank; k++) {
        const loop_dim *ld = &p->dims[k];
        int pad = 4 + 4 * k;
        const char *cmp = ld->down ? ">=" : "<=";
        if (k == 1 && p->thread_pipe)
            sb_printf(h, "%*s{\n%*sdvmh_pipe_wait(dvmh_PP, dvmh_me, dvmh_row);\n", pad - 4, "",
                      pad, "");
        if (k == p->par_dim && p->par_barrier)
            sb_printf(h, "%*s{\n", pad - 4, "");
        if (k == p->rank - 1)
            sb_printf(h, "%*sDVMH_NO_UNROLL\n", pad, "");
        if (ld->outer_bounds)
            sb_printf(h, "%*sfor (%s %s = dvmh_%s_first(%s, dvmh_lo%d, %s); %s %s dvmh_%s(%s, dvmh_hi%d); %s += %s)\n",
                      pad, "", ld->type, ld->var, ld->down ? "down" : "up", ld->lb, k, ld->step,
                      ld->var, cmp, ld->down ? "max" : "min", ld->hi, k, ld->var, ld->step);
        else if (ld->unit)
            sb_printf(h, "%*sfor (%s %s = dvmh_lo%d; %s %s dvmh_hi%d; %s%s)\n", pad, "", ld->type,
                      ld->var, k, ld->var, cmp, k, ld->var, ld->down ? "--" : "++");
        else
            sb_printf(h, "%*sfor (%s %s = dvmh_lo%d; %s %s dvmh_hi%d; %s += dvmh_st%d)\n", pad, "",
                      ld->type, ld->var, k, ld->var, cmp, k, ld->var, k);
    }
    unsigned bline, bcol;
    ast_line_col(&g->a, p->body_start, &bline, &bcol);
    sb_printf(h, "#line %u \"%s\"\n", bline, g->file);
    for (unsigned c = 1; c < bcol; c++)
        sb_add(h, " ");
}

/* The team function: what each thread of the handler runs (dvmh_t of
 * dvmh_n): its reduction copies, its block of the pipeline's dimension 1
 * or of dimension 0, the nest, its reduction results. */
static void host_team(const loop_plan *p, const host_sig *s, const strbuf *inits, strbuf *t)
{
    const directive *d = p->dir;
    /* optnone: it runs once per thread and piece, nanoseconds however
     * compiled, while optimizing the team functions and handlers was a
     * fourteenth of a file's compile (instructions of clang -cc1) */
    sb_printf(t, "__attribute__((noinline, optnone))\nstatic void %s_team(dvmh_piece *dvmh_P, const int dvmh_t, const int dvmh_n)\n{\n",
              p->handler);
    bool blocks = p->par_dim >= 0 && !p->thread_pipe;
    if (!blocks)
        sb_add(t, "    (void)dvmh_t;\n    (void)dvmh_n;\n");
    if (p->thread_pipe)
        sb_add(t, "    dvmh_idx dvmh_blo, dvmh_bhi;\n"
                  "    dvmh_pipe_block(dvmh_P, dvmh_t, &dvmh_blo, &dvmh_bhi);\n");
    /* a barrier in the nest: every thread runs it once, on its static
     * block; else the nest runs on each part dvmh_thread_next gives */
    bool parts = blocks && !p->par_barrier;
    if (blocks)
        sb_add(t, "    dvmh_idx dvmh_tlo, dvmh_thi;\n");
    if (blocks && !parts)
        sb_printf(t, "    dvmh_thread_block(dvmh_P, %d, dvmh_t, dvmh_n, &dvmh_tlo, &dvmh_thi);\n",
                  p->par_dim);
    if (inits->len)
        sb_add(t, inits->s);
    if (parts)
        sb_printf(t, "    while (dvmh_thread_next(dvmh_P, %d, dvmh_t, dvmh_n, &dvmh_tlo, &dvmh_thi))\n    ",
                  p->par_dim);
    sb_printf(t, "    %s_nest(%s);\n", p->handler, s->args.len ? s->args.s : "");
    for (int k = 0; k < d->reduction_count; k++) {
        const dir_reduction *red = &d->reductions[k];
        sb_printf(t, "    dvmh_red_put(dvmh_P, %d, dvmh_t, &%s, %s%s);\n", k, red->var,
                  red->loc_var ? "&" : "", red->loc_var ? red->loc_var : "NULL");
    }
    sb_add(t, "}\n\n");
}

/* After the body: the nest hands its reduction values back; then the
 * team function and the handler, which runs it on the piece's threads
 * (dvmh_team_run: the OpenMP parallel region is dvmh.h's, one per file,
 * not one per loop), as the threads' pipeline (dvmh_pipe_run), or on one
 * thread when no dimension is shared out. */
static void host_tail(const loop_plan *p, const host_sig *s, const strbuf *inits, strbuf *t)
{
    const directive *d = p->dir;
    sb_add(t, "\n");
    if (p->thread_pipe)
        sb_add(t, "        dvmh_pipe_done(dvmh_PP, dvmh_me, ++dvmh_row);\n    }\n");
    if (p->par_barrier) {
        int pad = 4 * p->par_dim;
        sb_printf(t, "%*sif (dvmh_nt > 1) {\n#pragma omp barrier\n%*s}\n%*s}\n", pad + 4, "",
                  pad + 4, "", pad, "");
    }
    for (int k = 0; k < d->reduction_count; k++) {
        const dir_reduction *red = &d->reductions[k];
        sb_printf(t, "    __builtin_memcpy(dvmh_red%d, &%s, sizeof(%s));\n", k, red->var, red->var);
        if (red->loc_var)
            sb_printf(t, "    __builtin_memcpy(dvmh_loc%d, &%s, sizeof(%s));\n", k, red->loc_var,
                      red->loc_var);
    }
    sb_add(t, "}\n\n");
    host_team(p, s, inits, t);
    sb_printf(t, "__attribute__((noinline, optnone))\nstatic void %s(dvmh_piece *dvmh_P)\n{\n",
              p->handler);
    if (p->thread_pipe)
        sb_printf(t, "    dvmh_pipe_run(dvmh_P, %s_team);\n", p->handler);
    else if (p->par_dim >= 0)
        sb_printf(t, "    dvmh_team_run(dvmh_P, %s_team);\n", p->handler);
    else
        sb_printf(t, "    %s_team(dvmh_P, 0, 1);\n", p->handler);
    sb_add(t, "}\n\n");
}

void loop_host_handler(gen *g, const loop_plan *p)
{
    host_sig s = {0};
    host_signature(g, p, &s);
    strbuf h = {0}, inits = {0}, tail = {0};
    /* The distributed arrays are pointers to rows of the local part's
     * extents from the element (0,...,0), indexed by global indices: an
     * inner index reaches past its row's extent (still inside the local
     * part), which UBSan's array-bounds check would stop. noinline: the
     * nest stays a function of its own, whose restrict parameters LLVM
     * honours, called by the team function. */
    sb_printf(&h, "__attribute__((no_sanitize(\"array-bounds\"), noinline))\nstatic void %s_nest(%s)\n{\n",
              p->handler, s.params.len ? s.params.s : "void");
    for (int k = 0; k < p->rank; k++)
        sb_printf(&h, "    (void)dvmh_st%d;\n", k);
    nest_private_decls(g, &p->dir->privates, p->loop_start, p->loop_end, p->body_start, &h);
    host_reduction_copies(g, p, &h, &inits);
    if (p->thread_pipe)
        sb_add(&h, "    long dvmh_row = 0;\n");
    host_loops(g, p, &h);
    host_tail(p, &s, &inits, &tail);
    strbuf mb = {0}, ma = {0};
    gen_local_macros(g, p->fn_start, p->loop_start, &mb, &ma);
    edit *he = edit_begin(&g->e, p->fn_start, p->fn_start);
    if (mb.len)
        edit_lit(he, mb.s);
    edit_lit(he, h.s);
    edit_range(he, p->body_start, p->body_end);
    edit_lit(he, tail.s);
    if (ma.len)
        edit_lit(he, ma.s);
    free(mb.s);
    free(ma.s);
    free(h.s);
    free(inits.s);
    free(tail.s);
    free(s.params.s);
    free(s.args.s);
}
