/* cuda_kernel.c: the kernels of a parallel loop. */
#include "alloc.h"
#include "cuda_plan.h"
#include "gen.h"
#include "nest.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* The body is a device template over the grid's threads; the launcher
 * picks one of its instances; one grid-level kernel per reduction. */

static const char *const kernel_red_code[] = {"DVMH_RED_SUM", "DVMH_RED_PRODUCT", "DVMH_RED_MAX",
                                              "DVMH_RED_MIN", "DVMH_RED_AND", "DVMH_RED_OR",
                                              "DVMH_RED_XOR", "DVMH_RED_MAXLOC", "DVMH_RED_MINLOC"};

char *cuda_type(CXType t)
{
    if (clang_getCanonicalType(t).kind == CXType_Bool)
        return xstrdup("bool");
    return type_spelling(t);
}

/* The body's parameters: bounds and counts, data, scalars, reductions,
 * the wavefront's step. */
static void kernel_params(gen *g, const cuda_plan *c, strbuf *p)
{
    const loop_plan *l = c->l;
    for (int k = 0; k < l->rank; k++)
        sb_printf(p, "%sconst dvmh_idx dvmh_lo%d, const dvmh_idx dvmh_hi%d, const dvmh_idx dvmh_st%d, "
                     "const dvmh_idx dvmh_n%d", k ? ",\n    " : "", k, k, k, k);
    for (int k = 0; k < l->ndata; k++) {
        const loop_data *dt = &l->data[k];
        for (int dd = 1; dd < dt->rank; dd++)
            sb_printf(p, ",\n    const dvmh_idx dvmh_e%d_%d", k, dd);
        sb_printf(p, ",\n    %s%s *const __restrict__ %s", dt->write ? "" : "const ", dt->elem,
                  dt->name);
    }
    for (int k = 0; k < l->nscalars; k++) {
        char *ts = cuda_type(clang_getCursorType(g->a.nodes[l->scalars[k].decl].cursor));
        sb_printf(p, ",\n    const %s %s", ts, l->scalars[k].name);
        free(ts);
    }
    for (int k = 0; k < c->nreds; k++) {
        const cuda_red *r = &c->reds[k];
        sb_printf(p, ",\n    const dvmh_vals<%s, %lld> dvmh_init%d, %s *const dvmh_part%d", r->elem,
                  r->count, k, r->elem, k);
        if (r->loc_count)
            sb_printf(p, ",\n    const dvmh_vals<%s, %lld> dvmh_initloc%d", r->loc_elem,
                      r->loc_count, k);
        sb_printf(p, ", %s *const dvmh_partloc%d", r->loc_elem, k);
    }
    if (c->any_dep) {
        sb_add(p, ",\n    const dvmh_idx dvmh_t");
        for (int k = 0; k < l->rank; k++)
            if (l->dims[k].dep && k != c->last_dep)
                sb_printf(p, ", const dvmh_idx dvmh_w%d", k);
        if (c->k0 >= 0)
            sb_add(p, ", const dvmh_idx dvmh_from, const dvmh_idx dvmh_cnt");
    }
}

/* Row strides of the data, privates, the reduction variables' private
 * copies, and the thread counts along x, y and z. */
static void kernel_prologue(gen *g, const cuda_plan *c, strbuf *kb)
{
    const loop_plan *l = c->l;
    const int *tdims = c->tdims;
    int nt = c->nt;
    for (int k = 0; k < l->rank; k++)
        sb_printf(kb, "    (void)dvmh_hi%d; (void)dvmh_n%d;\n", k, k);
    for (int k = 0; k < l->ndata; k++) {
        const loop_data *dt = &l->data[k];
        for (int dd = dt->rank - 2; dd >= 0; dd--) {
            if (dd == dt->rank - 2)
                sb_printf(kb, "    const dvmh_I dvmh_s%d_%d = (dvmh_I)dvmh_e%d_%d;\n", k, dd, k, dd + 1);
            else
                sb_printf(kb, "    const dvmh_I dvmh_s%d_%d = dvmh_s%d_%d * (dvmh_I)dvmh_e%d_%d;\n", k, dd, k,
                          dd + 1, k, dd + 1);
        }
    }
    nest_private_decls(g, &l->dir->privates, l->loop_start, l->loop_end, l->body_start, kb);
    for (int k = 0; k < c->nreds; k++) {
        const cuda_red *r = &c->reds[k];
        sb_printf(kb, "    %s;\n    memcpy(&%s, &dvmh_init%d, sizeof(%s));\n", r->decl, r->r->var, k,
                  r->r->var);
        if (r->loc_count)
            sb_printf(kb, "    %s;\n    memcpy(&%s, &dvmh_initloc%d, sizeof(%s));\n", r->loc_decl,
                      r->r->loc_var, k, r->r->loc_var);
    }
    /* dvmh_c<k> threads along loop dimension k */
    for (int t = 0; t < nt; t++) {
        if (tdims[t] == c->k0)
            sb_printf(kb, "    const dvmh_I dvmh_c%d = (dvmh_I)dvmh_cnt;\n", c->k0);
        else
            sb_printf(kb, "    const dvmh_I dvmh_c%d = (dvmh_I)dvmh_n%d;\n", tdims[t], tdims[t]);
    }
    if (nt)
        sb_printf(kb, "    const dvmh_I dvmh_nx = dvmh_c%d;\n", tdims[nt - 1]);
    else
        sb_add(kb, "    const dvmh_I dvmh_nx = 1;\n");
    if (nt >= 2)
        sb_printf(kb, "    const dvmh_I dvmh_ny = dvmh_c%d;\n", tdims[nt - 2]);
    else
        sb_add(kb, "    const dvmh_I dvmh_ny = 1;\n");
    sb_add(kb, "    const dvmh_I dvmh_nz = 1");
    for (int t = 0; t + 2 < nt; t++)
        sb_printf(kb, " * dvmh_c%d", tdims[t]);
    sb_add(kb, ";\n");
}

static const char *kernel_from(const cuda_plan *c, int k)
{
    return k == c->k0 ? " + dvmh_from" : "";
}

/* The loops over the grid, and each thread's iteration indices. */
static void kernel_threads(const cuda_plan *c, strbuf *kb)
{
    const loop_plan *l = c->l;
    const int *tdims = c->tdims;
    int nt = c->nt;
    const char *z_start = "blockIdx.z * (dvmh_I)blockDim.z + threadIdx.z";
    if (cuda_coarsens(c)) {
        /* _kernel4 (dvmh_ONE bit 3): each thread runs 4 (DVMH_CUDA_ZU)
         * consecutive iterations along z, unrolled, their loads
         * independent */
        sb_add(kb, "#pragma unroll\n"
                   "    for (int dvmh_u = 0; dvmh_u < ((dvmh_ONE & 8) ? 4 : 1); dvmh_u++)\n");
        z_start = "(dvmh_ONE & 8) ? (blockIdx.z * (dvmh_I)blockDim.z + threadIdx.z) * 4 + dvmh_u\n"
                  "                                      : blockIdx.z * (dvmh_I)blockDim.z + threadIdx.z";
    }
    sb_printf(kb, "    for (dvmh_I dvmh_z = %s; dvmh_z < dvmh_nz;\n"
                  "         dvmh_z = (dvmh_ONE & 4) ? dvmh_nz : dvmh_z + (dvmh_I)gridDim.z * blockDim.z)\n",
              z_start);
    sb_add(kb, "    for (dvmh_I dvmh_y = blockIdx.y * (dvmh_I)blockDim.y + threadIdx.y; dvmh_y < dvmh_ny;\n"
               "         dvmh_y = (dvmh_ONE & 2) ? dvmh_ny : dvmh_y + (dvmh_I)gridDim.y * blockDim.y)\n"
               "    for (dvmh_I dvmh_x = blockIdx.x * (dvmh_I)blockDim.x + threadIdx.x; dvmh_x < dvmh_nx;\n"
               "         dvmh_x = (dvmh_ONE & 1) ? dvmh_nx : dvmh_x + (dvmh_I)gridDim.x * blockDim.x) {\n");
    if (nt >= 1)
        sb_printf(kb, "        const dvmh_I dvmh_i%d = dvmh_x%s;\n", tdims[nt - 1],
                  kernel_from(c, tdims[nt - 1]));
    if (nt >= 2)
        sb_printf(kb, "        const dvmh_I dvmh_i%d = dvmh_y%s;\n", tdims[nt - 2],
                  kernel_from(c, tdims[nt - 2]));
    if (nt == 3)
        sb_printf(kb, "        const dvmh_I dvmh_i%d = dvmh_z%s;\n", tdims[0], kernel_from(c, tdims[0]));
    if (nt > 3) {
        sb_add(kb, "        dvmh_I dvmh_r = dvmh_z;\n");
        for (int t = nt - 3; t >= 0; t--)
            sb_printf(kb, "        const dvmh_I dvmh_i%d = dvmh_r %% dvmh_c%d%s;\n        dvmh_r /= dvmh_c%d;\n",
                      tdims[t], tdims[t], kernel_from(c, tdims[t]), tdims[t]);
    }
    if (nt == 0)
        sb_add(kb, "        (void)dvmh_x; (void)dvmh_y; (void)dvmh_z;\n");
    else if (nt == 1)
        sb_add(kb, "        (void)dvmh_y; (void)dvmh_z;\n");
    else if (nt == 2)
        sb_add(kb, "        (void)dvmh_z;\n");
    if (c->any_dep) {
        /* the wavefront: the last dependent dimension follows from t */
        sb_printf(kb, "        const dvmh_idx dvmh_i%d = dvmh_t", c->last_dep);
        for (int k = 0; k < l->rank; k++)
            if (l->dims[k].dep && k != c->last_dep)
                sb_printf(kb, " - dvmh_w%d * dvmh_i%d", k, k);
        sb_printf(kb, ";\n        if (dvmh_i%d < 0 || dvmh_i%d >= dvmh_n%d)\n            continue;\n",
                  c->last_dep, c->last_dep, c->last_dep);
    }
}

/* The loop variables, the loops whose bounds use outer variables, and the
 * body with its data references rewritten. */
static void kernel_body(gen *g, cuda_plan *c, strbuf *kb)
{
    const loop_plan *l = c->l;
    for (int k = 0; k < l->rank; k++)
        if (cuda_wide_var(&l->dims[k]))
            sb_printf(kb, "        const dvmh_I dvmh_v%d = (dvmh_I)dvmh_lo%d + dvmh_i%d * (dvmh_I)dvmh_st%d;\n"
                          "        const %s %s = (%s)dvmh_v%d;\n",
                      k, k, k, k, l->dims[k].type, l->dims[k].var, l->dims[k].type, k);
        else if (!l->dims[k].outer_bounds)
            sb_printf(kb, "        const %s %s = (%s)(dvmh_lo%d + dvmh_i%d * dvmh_st%d);\n", l->dims[k].type,
                      l->dims[k].var, l->dims[k].type, k, k, k);
    int depth = 0;
    for (int k = 0; k < l->rank; k++) {
        const loop_dim *cd = &l->dims[k];
        if (!cd->outer_bounds)
            continue;
        sb_printf(kb, "%*sfor (%s %s = dvmh_%s_first(%s, dvmh_lo%d, %s); %s %s dvmh_%s(%s, dvmh_hi%d); %s += %s)\n",
                  8 + 4 * depth++, "", cd->type, cd->var, cd->down ? "down" : "up", cd->lb, k, cd->step,
                  cd->var, cd->down ? ">=" : "<=", cd->down ? "max" : "min", cd->hi, k, cd->var, cd->step);
    }
    unsigned bline, bcol;
    ast_line_col(&g->a, l->body_start, &bline, &bcol);
    sb_printf(kb, "#line %u \"%s\"\n", bline, g->file);
    for (unsigned col = 1; col < bcol; col++)
        sb_add(kb, " ");
    edit_render(&c->el, kb, l->body_start, l->body_end, false);
    sb_add(kb, "\n    }\n");
    for (int k = 0; k < c->nreds; k++) {
        const cuda_red *r = &c->reds[k];
        bool var_array = r->decl[strlen(r->decl) - 1] == ']';
        bool loc_array = r->loc_decl && r->loc_decl[strlen(r->loc_decl) - 1] == ']';
        if (r->atomic) {
            sb_printf(kb, "    dvmh_block_reduce_atomic<%s, %s, %lld>(%s%s, dvmh_part%d);\n",
                      kernel_red_code[r->r->op], r->elem, r->count, var_array ? "" : "&", r->r->var, k);
            continue;
        }
        sb_printf(kb, "    dvmh_block_reduce<%s, %s, %lld, %s, %lld>(%s%s, ", kernel_red_code[r->r->op],
                  r->elem, r->count, r->loc_elem, r->loc_count, var_array ? "" : "&", r->r->var);
        if (r->loc_decl)
            sb_printf(kb, "%s%s", loc_array ? "" : "&", r->r->loc_var);
        else
            sb_add(kb, "(const char *)0");
        sb_printf(kb, ", dvmh_part%d, dvmh_partloc%d);\n", k, k);
    }
    sb_add(kb, "}\n\n");
}

/* The kernels of a loop, its body's instances (params: the body's
 * parameter declarations): striding along x, y and z (0, in dvmh_idx),
 * one iteration per thread (7), for reductions, whose grids are cut
 * along z first, striding along z only (3), and, where cuda_coarsens,
 * four consecutive iterations along z per thread (15); those in narrow
 * (int, or dvmh_idx for a wavefront, whose step numbers may not fit). */
static void kernel_wrappers(strbuf *kb, const char *handler, const char *params, bool strided_z,
                            bool coarse_z, const char *narrow)
{
    strbuf names = {0};
    /* each parameter's name: the last identifier before a top-level comma */
    int depth = 0;
    size_t last_start = 0, last_len = 0;
    for (size_t k = 0;; k++) {
        char ch = params[k];
        if (ch == '<')
            depth++;
        else if (ch == '>')
            depth--;
        else if ((isalpha((unsigned char)ch) || ch == '_') &&
                 (k == 0 || !(isalnum((unsigned char)params[k - 1]) || params[k - 1] == '_'))) {
            last_start = k;
            last_len = 1;
            while (isalnum((unsigned char)params[k + 1]) || params[k + 1] == '_')
                k++, last_len++;
        }
        if ((ch == ',' && depth == 0) || ch == 0) {
            sb_printf(&names, "%s%.*s", names.len ? ", " : "", (int)last_len, params + last_start);
            if (ch == 0)
                break;
        }
    }
    sb_printf(kb, "extern \"C\" __global__ void %s_kernel(%s)\n{\n    %s_body<0, dvmh_idx>(%s);\n}\n\n",
              handler, params, handler, names.s);
    sb_printf(kb, "extern \"C\" __global__ void %s_kernel1(%s)\n{\n    %s_body<7, %s>(%s);\n}\n\n", handler,
              params, handler, narrow, names.s);
    if (strided_z)
        sb_printf(kb, "extern \"C\" __global__ void %s_kernel2(%s)\n{\n    %s_body<3, %s>(%s);\n}\n\n",
                  handler, params, handler, narrow, names.s);
    if (coarse_z)
        sb_printf(kb, "extern \"C\" __global__ void %s_kernel4(%s)\n{\n    %s_body<15, %s>(%s);\n}\n\n",
                  handler, params, handler, narrow, names.s);
    free(names.s);
}

/* Grid-level reductions: one block combines the blocks' results; for
 * atomic ones, a kernel that sets the result to the identity before. */
static void kernel_grid_reductions(const cuda_plan *c, strbuf *kb)
{
    for (int k = 0; k < c->nreds; k++) {
        const cuda_red *r = &c->reds[k];
        if (r->atomic) {
            /* the result's start: the identity the launcher has */
            sb_printf(kb, "extern \"C\" __global__ void %s_red%d(const dvmh_vals<%s, %lld> dvmh_init, %s *dvmh_res)\n"
                          "{\n    for (int dvmh_k = threadIdx.x; dvmh_k < %lld; dvmh_k += blockDim.x)\n"
                          "        dvmh_res[dvmh_k] = dvmh_init.dvmh_v[dvmh_k];\n}\n\n",
                      c->l->handler, k, r->elem, r->count, r->elem, r->count);
            continue;
        }
        sb_printf(kb, "extern \"C\" __global__ void %s_red%d(const dvmh_vals<%s, %lld> dvmh_init, %s *dvmh_part,\n"
                      "    %s *dvmh_partloc, unsigned dvmh_nparts, int dvmh_first, %s *dvmh_res, %s *dvmh_resloc)\n"
                      "{\n    dvmh_grid_reduce<%s, %s, %lld, %s, %lld>(dvmh_init, dvmh_part, dvmh_partloc, dvmh_nparts,\n"
                      "        dvmh_first, dvmh_res, dvmh_resloc);\n}\n\n",
                  c->l->handler, k, r->elem, r->count, r->elem, r->loc_elem, r->elem, r->loc_elem,
                  kernel_red_code[r->r->op], r->elem, r->count, r->loc_elem, r->loc_count);
    }
}

void cuda_kernel(gen *g, cuda_plan *c)
{
    strbuf kb = {0}, params = {0}, after = {0};
    gen_local_macros(g, c->l->fn_start, c->l->loop_start, &kb, &after);
    kernel_params(g, c, &params);
    /* The body is a template: dvmh_ONE's bits 0, 1, 2 say that the grid
     * covers the iterations along x, y, z, so that each thread runs one
     * there instead of looping with the grid's stride (far fewer
     * registers); dvmh_I is the type of the iteration counts, the loop
     * variables' copies and the subscripts' arithmetic. The instances that
     * cover the grid compute in int (the launcher picks them only when
     * dvmh_cuda_narrow says every offset fits), as hand-written kernels
     * do: 32-bit multiplies, and neighbouring references that differ by a
     * constant; the grid-stride instance stays in 64 bits. */
    sb_printf(&kb, "#pragma push_macro(\"typename\")\n#undef typename\n" /* a C name, renamed */
                   "template <int dvmh_ONE, typename dvmh_I>\n#pragma pop_macro(\"typename\")\n"
                   "__device__ __forceinline__ void %s_body(%s)\n{\n",
              c->l->handler, params.s ? params.s : "");
    kernel_prologue(g, c, &kb);
    kernel_threads(c, &kb);
    kernel_body(g, c, &kb);
    kernel_wrappers(&kb, c->l->handler, params.s ? params.s : "", c->nreds > 0, cuda_coarsens(c),
                    cuda_narrow(c) ? "int" : "dvmh_idx");
    kernel_grid_reductions(c, &kb);
    if (after.len)
        sb_add(&kb, after.s);
    sb_add(&g->cuda, kb.s);
    free(kb.s);
    free(after.s);
    free(params.s);
    /* the functions the body calls get __device__ copies in the file */
    cuda_plan_merge(g, c);
}
