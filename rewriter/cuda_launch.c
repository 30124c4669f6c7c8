/* cuda_launch.c: the launcher of a parallel loop's kernels. */
#include "cuda_plan.h"
#include "gen.h"

#include <stdarg.h>
#include <stdlib.h>

/* An ordinary dvmh_handler in the C file (under #ifdef
 * DVMH_CUDA_HANDLERS) that sizes the grid for its piece, reduces block by
 * block and over the grid, and runs across loops as wavefronts, one launch
 * per step. */

/* The launcher's iteration counts along x, y, z: the innermost thread
 * dimension, the next, the product of the rest ({a, b, c}); k0's count is
 * the wavefront step's (dvmh_cnt). */
static void launch_counts(strbuf *h, const int *tdims, int nt, int k0)
{
    sb_add(h, "{");
    for (int slot = 0; slot < 2; slot++) {
        int t = nt - 1 - slot;
        if (t < 0)
            sb_add(h, "1, ");
        else if (tdims[t] == k0)
            sb_add(h, "dvmh_cnt, ");
        else
            sb_printf(h, "dvmh_n[%d], ", tdims[t]);
    }
    sb_add(h, "1");
    for (int t = 0; t + 2 < nt; t++) {
        if (tdims[t] == k0)
            sb_add(h, " * dvmh_cnt");
        else
            sb_printf(h, " * dvmh_n[%d]", tdims[t]);
    }
    sb_add(h, "}");
}

/* The piece's iteration counts, the reduction variables, and the
 * wavefront's weights and length. */
static void launch_setup(const cuda_plan *c, const char *launcher, strbuf *h)
{
    const loop_plan *l = c->l;
    /* optnone: a launcher runs once per piece and costs microseconds
     * however compiled, while optimizing it was a third of a cached
     * rebuild's compile time */
    sb_printf(h, "#ifdef DVMH_CUDA_HANDLERS\n__attribute__((optnone, noinline))\n"
                 "static void %s(dvmh_piece *dvmh_P)\n{\n", launcher);
    sb_add(h, "    dvmh_idx dvmh_n[DVMH_MAX_RANK];\n    int dvmh_empty = 0;\n");
    sb_printf(h, "    for (int d = 0; d < %d; d++) {\n"
                  "        dvmh_n[d] = (dvmh_P->hi[d] - dvmh_P->lo[d]) / dvmh_P->step[d] + 1;\n"
                  "        if (dvmh_n[d] <= 0)\n            dvmh_empty = 1;\n    }\n", l->rank);
    for (int k = 0; k < c->nreds; k++) {
        sb_printf(h, "    %s;\n", c->reds[k].decl);
        if (c->reds[k].loc_decl)
            sb_printf(h, "    %s;\n", c->reds[k].loc_decl);
        sb_printf(h, "    dvmh_red_init(dvmh_P, %d, &%s, %s%s);\n", k, c->reds[k].r->var,
                  c->reds[k].loc_decl ? "&" : "", c->reds[k].loc_decl ? c->reds[k].r->loc_var : "NULL");
    }
    if (c->any_dep) {
        sb_add(h, "    dvmh_idx dvmh_t = 0, dvmh_last = 0;\n");
        /* weights: each dependent dim outweighs every dependence
         * distance along the dependent dims inside it */
        for (int k = l->rank - 1; k >= 0; k--) {
            if (!l->dims[k].dep)
                continue;
            if (k == c->last_dep) {
                sb_printf(h, "    const dvmh_idx dvmh_w%d = 1;\n", k);
            } else {
                sb_printf(h, "    const dvmh_idx dvmh_w%d = 1", k);
                for (int e = k + 1; e < l->rank; e++)
                    if (l->dims[e].dep)
                        sb_printf(h, " + dvmh_w%d * (%s)", e, c->m[e]);
                sb_add(h, ";\n");
            }
            sb_printf(h, "    dvmh_last += dvmh_w%d * (dvmh_n[%d] - 1);\n", k, k);
        }
        if (c->k0 >= 0) {
            /* how far the dimensions after k0 reach: with it, step t's
             * points along k0 */
            sb_printf(h, "    const dvmh_idx dvmh_rest = dvmh_last - dvmh_w%d * (dvmh_n[%d] - 1);\n", c->k0, c->k0);
            sb_add(h, "    dvmh_idx dvmh_from = 0, dvmh_cnt = 0;\n");
        }
    }
}

/* The block shape, the grid the runtime configures, and the kernel
 * instance for it. */
static void launch_config(gen *g, const cuda_plan *c, strbuf *h)
{
    const loop_plan *l = c->l;
    const directive *d = l->dir;
    /* block shape: cuda_block, else the runtime's choice (0) */
    if (d->cuda_block_rank)
        sb_printf(h, "    unsigned dvmh_block[3] = {(unsigned)(%s), (unsigned)(%s), (unsigned)(%s)};\n",
                  d->cuda_block[0], d->cuda_block_rank > 1 ? d->cuda_block[1] : "1",
                  d->cuda_block_rank > 2 ? d->cuda_block[2] : "1");
    else
        sb_add(h, "    unsigned dvmh_block[3] = {0, 0, 0};\n");
    sb_add(h, "    dvmh_idx dvmh_count[3] = ");
    launch_counts(h, c->tdims, c->nt, -1);
    sb_add(h, ";\n    unsigned dvmh_grid[3] = {1, 1, 1}, dvmh_blocks = 1;\n");
    /* what one block's reduction results take (the grid is capped for
     * atomic ones too: each thread's grid-stride loop then shares the
     * block's combine and its atomic operation among more iterations) */
    sb_add(h, "    const size_t dvmh_red_bytes = 0");
    for (int k = 0; k < c->nreds; k++) {
        sb_printf(h, " + sizeof(%s)", c->reds[k].r->var);
        if (c->reds[k].loc_decl)
            sb_printf(h, " + sizeof(%s)", c->reds[k].r->loc_var);
    }
    sb_add(h, ";\n");
    /* and what each thread's values take in shared memory (the largest
     * reduction: they are combined one after another) */
    sb_add(h, "    size_t dvmh_red_thread = 0;\n");
    for (int k = 0; k < c->nreds; k++) {
        char *size = str_printf("sizeof(%s)%s%s%s", c->reds[k].r->var, c->reds[k].loc_decl ? " + sizeof(" : "",
                                c->reds[k].loc_decl ? c->reds[k].r->loc_var : "", c->reds[k].loc_decl ? ")" : "");
        sb_printf(h, "    if (dvmh_red_thread < %s)\n        dvmh_red_thread = %s;\n", size, size);
        free(size);
    }
    /* flags: DVMH_CUDA_DEPENDENT (1), DVMH_CUDA_ATOMIC_REDS (2) */
    int atomic_only = c->nreds > 0;
    for (int k = 0; k < c->nreds; k++)
        if (!c->reds[k].atomic)
            atomic_only = 0;
    sb_printf(h, "    const char *dvmh_kernel = \"%s_kernel\";\n", l->handler);
    sb_printf(h, "    if (!dvmh_empty)\n        dvmh_blocks = dvmh_cuda_config(dvmh_P, &dvmh_cuda_module_%s, "
                  "dvmh_kernel, %d, dvmh_count, dvmh_red_bytes,\n            dvmh_red_thread, dvmh_block, dvmh_grid);\n",
              g->base, (c->any_dep ? 1 : 0) | (atomic_only ? 2 : 0));
    /* the instances that cover the grid compute in int: only where every
     * offset fits (else the grid-stride one, in 64 bits) */
    sb_printf(h, "    const int dvmh_covered = %sdvmh_cuda_covered(dvmh_count, dvmh_block, dvmh_grid);\n"
                  "    if (dvmh_covered == 7)\n"
                  "        dvmh_kernel = \"%s_kernel1\"; /* one iteration per thread */\n",
              cuda_narrow(c) ? "!dvmh_cuda_narrow(dvmh_P) ? 0 : " : "", l->handler);
    if (cuda_coarsens(c))
        sb_printf(h, "    if (dvmh_covered == 7 && dvmh_cuda_coarsen(dvmh_P, dvmh_count, dvmh_block, dvmh_grid))\n"
                      "        dvmh_kernel = \"%s_kernel4\"; /* 4 iterations along z per thread */\n",
                  l->handler);
    if (c->nreds)
        sb_printf(h, "    else if ((dvmh_covered & 3) == 3)\n"
                      "        dvmh_kernel = \"%s_kernel2\"; /* a loop along z only */\n", l->handler);
}

/* Shared memory and the blocks' partial results, per reduction. */
static void launch_reduction_memory(const cuda_plan *c, strbuf *h)
{
    if (c->nreds) {
        sb_add(h, "    size_t dvmh_shared = 0;\n");
        sb_add(h, "    unsigned dvmh_red_block[3] = {dvmh_cuda_red_threads(dvmh_P, dvmh_red_thread), 1, 1};\n");
        sb_add(h, "    size_t dvmh_threads = (size_t)dvmh_block[0] * dvmh_block[1] * dvmh_block[2];\n");
        sb_add(h, "    if (dvmh_threads < dvmh_red_block[0])\n        dvmh_threads = dvmh_red_block[0];\n");
        for (int k = 0; k < c->nreds; k++) {
            const char *loc = c->reds[k].loc_decl ? c->reds[k].r->loc_var : NULL;
            sb_printf(h, "    if (dvmh_shared < dvmh_cuda_red_shared(dvmh_threads, "
                          "sizeof(%s), %s%s%s))\n"
                          "        dvmh_shared = dvmh_cuda_red_shared(dvmh_threads, "
                          "sizeof(%s), %s%s%s);\n",
                      c->reds[k].r->var, loc ? "sizeof(" : "0", loc ? loc : "", loc ? ")" : "",
                      c->reds[k].r->var, loc ? "sizeof(" : "0", loc ? loc : "", loc ? ")" : "");
            if (c->reds[k].atomic) {
                /* the result alone (the _red kernel sets it to the
                 * identity first; an atomic reduction has no location) */
                sb_printf(h, "    char *dvmh_part%d = dvmh_cuda_alloc(dvmh_P, sizeof(%s));\n", k,
                          c->reds[k].r->var);
                sb_printf(h, "    char *dvmh_res%d = dvmh_part%d;\n", k, k);
            } else {
                /* the blocks' results, then the result */
                sb_printf(h, "    char *dvmh_part%d = dvmh_cuda_alloc(dvmh_P, ((size_t)dvmh_blocks + 1) * sizeof(%s));\n",
                          k, c->reds[k].r->var);
                sb_printf(h, "    char *dvmh_res%d = dvmh_part%d + (size_t)dvmh_blocks * sizeof(%s);\n", k, k,
                          c->reds[k].r->var);
            }
            if (loc) {
                sb_printf(h, "    char *dvmh_partloc%d = dvmh_cuda_alloc(dvmh_P, ((size_t)dvmh_blocks + 1) * sizeof(%s));\n",
                          k, loc);
                sb_printf(h, "    char *dvmh_resloc%d = dvmh_partloc%d + (size_t)dvmh_blocks * sizeof(%s);\n",
                          k, k, loc);
            } else {
                sb_printf(h, "    char *dvmh_partloc%d = NULL, *dvmh_resloc%d = NULL;\n", k, k);
            }
        }
    } else {
        sb_add(h, "    const size_t dvmh_shared = 0;\n    (void)dvmh_blocks; (void)dvmh_red_bytes; (void)dvmh_red_thread;\n");
    }
}

static void launch_arg(strbuf *h, bool *first, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void launch_arg(strbuf *h, bool *first, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *text = str_vprintf(fmt, ap);
    va_end(ap);
    sb_add(h, *first ? "" : ",\n        ");
    sb_add(h, text);
    free(text);
    *first = false;
}

/* The kernel's arguments, in the order of its parameters. */
static void launch_args(const cuda_plan *c, strbuf *h)
{
    const loop_plan *l = c->l;
    sb_add(h, "    void *dvmh_args[] = {");
    bool first = true;
    for (int k = 0; k < l->rank; k++)
        launch_arg(h, &first, "&dvmh_P->lo[%d], &dvmh_P->hi[%d], &dvmh_P->step[%d], &dvmh_n[%d]", k, k, k, k);
    for (int k = 0; k < l->ndata; k++) {
        for (int dd = 1; dd < l->data[k].rank; dd++)
            launch_arg(h, &first, "&dvmh_P->ext[%d][%d]", k, dd);
        launch_arg(h, &first, "&dvmh_P->data[%d]", k);
    }
    for (int k = 0; k < l->nscalars; k++)
        launch_arg(h, &first, "dvmh_P->scalar[%d]", k);
    for (int k = 0; k < c->nreds; k++) {
        launch_arg(h, &first, "&%s, &dvmh_part%d", c->reds[k].r->var, k);
        if (c->reds[k].loc_decl)
            launch_arg(h, &first, "&%s", c->reds[k].r->loc_var);
        launch_arg(h, &first, "&dvmh_partloc%d", k);
    }
    if (c->any_dep) {
        launch_arg(h, &first, "&dvmh_t");
        for (int k = 0; k < l->rank; k++)
            if (l->dims[k].dep && k != c->last_dep)
                launch_arg(h, &first, "(void *)&dvmh_w%d", k);
        if (c->k0 >= 0)
            launch_arg(h, &first, "&dvmh_from, &dvmh_cnt");
    }
    sb_add(h, "};\n    (void)dvmh_args;\n");
}

/* The launches (per wavefront step), the grid-level reductions, the
 * results. */
static void launch_run(gen *g, const cuda_plan *c, strbuf *h)
{
    const loop_plan *l = c->l;
    bool partial = cuda_reds_partial(c);
    if (partial)
        sb_add(h, "    int dvmh_first = 1;\n");
    if (c->nreds)
        sb_add(h, "    static const unsigned dvmh_one[3] = {1, 1, 1};\n");
    sb_add(h, "    if (!dvmh_empty) {\n");
    /* atomic results start at the identity, on the stream before the
     * kernels that combine into them */
    for (int k = 0; k < c->nreds; k++) {
        if (!c->reds[k].atomic)
            continue;
        sb_printf(h, "        {\n            void *dvmh_init_args[] = {&%s, &dvmh_res%d};\n"
                      "            dvmh_cuda_launch(dvmh_P, &dvmh_cuda_module_%s, \"%s_red%d\", dvmh_one, dvmh_one,\n"
                      "                0, dvmh_init_args);\n        }\n",
                  c->reds[k].r->var, k, g->base, l->handler, k);
    }
    const char *ind = "        ";
    const char *grid = "dvmh_grid", *blocks = "dvmh_blocks";
    if (c->any_dep) {
        sb_add(h, "        for (dvmh_t = 0; dvmh_t <= dvmh_last; dvmh_t++) {\n");
        ind = "            ";
    }
    if (c->k0 >= 0) {
        /* step t's points along k0, and the grid for them (no larger
         * than the one configured) */
        sb_printf(h, "            dvmh_from = dvmh_t <= dvmh_rest ? 0 : (dvmh_t - dvmh_rest + dvmh_w%d - 1) / dvmh_w%d;\n"
                      "            dvmh_cnt = dvmh_t / dvmh_w%d < dvmh_n[%d] - 1 ? dvmh_t / dvmh_w%d : dvmh_n[%d] - 1;\n"
                      "            dvmh_cnt -= dvmh_from - 1;\n"
                      "            if (dvmh_cnt <= 0)\n                continue;\n",
                  c->k0, c->k0, c->k0, c->k0, c->k0, c->k0);
        sb_add(h, "            const dvmh_idx dvmh_tcount[3] = ");
        launch_counts(h, c->tdims, c->nt, c->k0);
        sb_add(h, ";\n"
                   "            unsigned dvmh_tgrid[3];\n"
                   "            unsigned dvmh_tblocks = dvmh_cuda_step_grid(dvmh_tcount, dvmh_block, dvmh_grid, dvmh_tgrid);\n");
        if (!partial)
            sb_add(h, "            (void)dvmh_tblocks;\n");
        grid = "dvmh_tgrid";
        blocks = "dvmh_tblocks";
    }
    sb_printf(h, "%sdvmh_cuda_launch(dvmh_P, &dvmh_cuda_module_%s, dvmh_kernel, %s, dvmh_block,\n"
                  "%s    dvmh_shared, dvmh_args);\n",
              ind, g->base, grid, ind);
    for (int k = 0; k < c->nreds; k++) {
        if (c->reds[k].atomic)
            continue;
        sb_printf(h, "%s{\n%s    void *dvmh_red_args[] = {&%s, &dvmh_part%d, &dvmh_partloc%d, &%s, "
                      "&dvmh_first, &dvmh_res%d, &dvmh_resloc%d};\n",
                  ind, ind, c->reds[k].r->var, k, k, blocks, k, k);
        sb_printf(h, "%s    dvmh_cuda_launch(dvmh_P, &dvmh_cuda_module_%s, \"%s_red%d\", dvmh_one, dvmh_red_block,\n"
                      "%s        dvmh_shared, dvmh_red_args);\n%s}\n",
                  ind, g->base, l->handler, k, ind, ind);
    }
    if (partial)
        sb_printf(h, "%sdvmh_first = 0;\n", ind);
    if (c->any_dep)
        sb_add(h, "        }\n");
    /* the results reach the host while the host runs its own piece */
    for (int k = 0; k < c->nreds; k++)
        sb_printf(h, "        dvmh_cuda_red_result(dvmh_P, %d, dvmh_res%d, sizeof(%s), dvmh_resloc%d, %s%s%s);\n",
                  k, k, c->reds[k].r->var, k, c->reds[k].loc_decl ? "sizeof(" : "0",
                  c->reds[k].loc_decl ? c->reds[k].r->loc_var : "", c->reds[k].loc_decl ? ")" : "");
    sb_add(h, "    }");
    if (c->nreds) {
        /* nothing to run: the identities */
        sb_add(h, " else {\n");
        for (int k = 0; k < c->nreds; k++)
            sb_printf(h, "        dvmh_red_put(dvmh_P, %d, 0, &%s, %s%s);\n", k, c->reds[k].r->var,
                      c->reds[k].loc_decl ? "&" : "", c->reds[k].loc_decl ? c->reds[k].r->loc_var : "NULL");
        sb_add(h, "    }");
    }
    sb_add(h, "\n");
    for (int k = 0; k < c->nreds; k++) {
        sb_printf(h, "    dvmh_cuda_free(dvmh_P, dvmh_part%d);\n", k);
        if (c->reds[k].loc_decl)
            sb_printf(h, "    dvmh_cuda_free(dvmh_P, dvmh_partloc%d);\n", k);
    }
    sb_add(h, "}\n#endif\n\n");
}

char *cuda_launcher(gen *g, const cuda_plan *c)
{
    char *launcher = str_printf("%s_cuda", c->l->handler);
    strbuf h = {0};
    launch_setup(c, launcher, &h);
    launch_config(g, c, &h);
    launch_reduction_memory(c, &h);
    launch_args(c, &h);
    launch_run(g, c, &h);
    edit *he = edit_begin(&g->e, c->l->fn_start, c->l->fn_start);
    edit_lit(he, h.s);
    free(h.s);
    return launcher;
}
