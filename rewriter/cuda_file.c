/* cuda_file.c: the CUDA file: prelude, the user's types, device functions. */
#include "cuda.h"
#include "cuda_plan.h"
#include "gen.h"
#include "headers.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

static const char cuda_prelude[] =
    "#include <stdint.h>\n"
    "#include <string.h>\n"
    "#include <math.h>\n"
    "#include <type_traits>\n"
    "typedef int64_t dvmh_idx;\n"
    "#define restrict __restrict__\n"
    "#define _Bool bool\n"
    "#ifndef _DVMH\n#define _DVMH 1\n#endif\n"
    "enum { DVMH_RED_SUM, DVMH_RED_PRODUCT, DVMH_RED_MAX, DVMH_RED_MIN, DVMH_RED_AND, DVMH_RED_OR,\n"
    "       DVMH_RED_XOR, DVMH_RED_MAXLOC, DVMH_RED_MINLOC };\n"
    "template <typename dvmh_T, int dvmh_N> struct dvmh_vals { dvmh_T dvmh_v[dvmh_N]; };\n"
    "static __device__ __forceinline__ dvmh_idx dvmh_min(dvmh_idx dvmh_a, dvmh_idx dvmh_b) { return dvmh_a < dvmh_b ? dvmh_a : dvmh_b; }\n"
    "static __device__ __forceinline__ dvmh_idx dvmh_max(dvmh_idx dvmh_a, dvmh_idx dvmh_b) { return dvmh_a > dvmh_b ? dvmh_a : dvmh_b; }\n"
    "static __device__ __forceinline__ dvmh_idx dvmh_up_first(dvmh_idx dvmh_s, dvmh_idx dvmh_lo, dvmh_idx dvmh_st)\n"
    "{ return dvmh_s >= dvmh_lo ? dvmh_s : dvmh_s + (dvmh_lo - dvmh_s + dvmh_st - 1) / dvmh_st * dvmh_st; }\n"
    "static __device__ __forceinline__ dvmh_idx dvmh_down_first(dvmh_idx dvmh_s, dvmh_idx dvmh_hi, dvmh_idx dvmh_st)\n"
    "{ return dvmh_s <= dvmh_hi ? dvmh_s : dvmh_s - (dvmh_s - dvmh_hi + (-dvmh_st) - 1) / (-dvmh_st) * (-dvmh_st); }\n"
    "/* Whether location dvmh_b comes before dvmh_a (element by element): of tied\n"
    " * maxloc/minloc values the sequential loop keeps the first it met, and\n"
    " * locations grow with its iterations, whatever the order of the blocks. */\n"
    "template <typename dvmh_Loc, int dvmh_M>\n"
    "__device__ __forceinline__ bool dvmh_loc_first(const dvmh_Loc *dvmh_b, const dvmh_Loc *dvmh_a)\n"
    "{\n"
    "    if constexpr (std::is_arithmetic<dvmh_Loc>::value)\n"
    "        for (int dvmh_m = 0; dvmh_m < dvmh_M; dvmh_m++)\n"
    "            if (dvmh_b[dvmh_m] != dvmh_a[dvmh_m])\n"
    "                return dvmh_b[dvmh_m] < dvmh_a[dvmh_m];\n"
    "    return false;\n"
    "}\n"
    "/* dvmh_a = dvmh_a op dvmh_b; maxloc/minloc: dvmh_b wins when strictly better,\n"
    " * or as good with a location that comes first */\n"
    "template <int dvmh_OP, typename dvmh_T, int dvmh_N, typename dvmh_Loc, int dvmh_M>\n"
    "__device__ __forceinline__ void dvmh_combine(dvmh_T *dvmh_a, dvmh_Loc *dvmh_al, const dvmh_T *dvmh_b, const dvmh_Loc *dvmh_bl)\n"
    "{\n"
    "    if constexpr (dvmh_OP == DVMH_RED_MAXLOC || dvmh_OP == DVMH_RED_MINLOC) {\n"
    "        if ((dvmh_OP == DVMH_RED_MAXLOC ? dvmh_b[0] > dvmh_a[0] : dvmh_b[0] < dvmh_a[0]) ||\n"
    "            (dvmh_b[0] == dvmh_a[0] && dvmh_loc_first<dvmh_Loc, dvmh_M>(dvmh_bl, dvmh_al))) {\n"
    "            dvmh_a[0] = dvmh_b[0];\n"
    "            for (int dvmh_m = 0; dvmh_m < dvmh_M; dvmh_m++)\n"
    "                dvmh_al[dvmh_m] = dvmh_bl[dvmh_m];\n"
    "        }\n"
    "    } else {\n"
    "        (void)dvmh_al; (void)dvmh_bl;\n"
    "        for (int dvmh_k = 0; dvmh_k < dvmh_N; dvmh_k++) {\n"
    "            if constexpr (dvmh_OP == DVMH_RED_SUM) dvmh_a[dvmh_k] = dvmh_a[dvmh_k] + dvmh_b[dvmh_k];\n"
    "            else if constexpr (dvmh_OP == DVMH_RED_PRODUCT) dvmh_a[dvmh_k] = dvmh_a[dvmh_k] * dvmh_b[dvmh_k];\n"
    "            else if constexpr (dvmh_OP == DVMH_RED_MAX) dvmh_a[dvmh_k] = dvmh_b[dvmh_k] > dvmh_a[dvmh_k] ? dvmh_b[dvmh_k] : dvmh_a[dvmh_k];\n"
    "            else if constexpr (dvmh_OP == DVMH_RED_MIN) dvmh_a[dvmh_k] = dvmh_b[dvmh_k] < dvmh_a[dvmh_k] ? dvmh_b[dvmh_k] : dvmh_a[dvmh_k];\n"
    "            else if constexpr (dvmh_OP == DVMH_RED_AND) dvmh_a[dvmh_k] = dvmh_a[dvmh_k] & dvmh_b[dvmh_k];\n"
    "            else if constexpr (dvmh_OP == DVMH_RED_OR) dvmh_a[dvmh_k] = dvmh_a[dvmh_k] | dvmh_b[dvmh_k];\n"
    "            else dvmh_a[dvmh_k] = dvmh_a[dvmh_k] ^ dvmh_b[dvmh_k];\n"
    "        }\n"
    "    }\n"
    "}\n"
    "/* The block's threads combine their values (tree in shared memory):\n"
    " * the block's result is then at dvmh_sv[0..N), dvmh_sl[0..M). Each warp\n"
    " * first combines its own 32 values, with __syncwarp between the steps,\n"
    " * then the first warp combines the warps' results: two block barriers\n"
    " * instead of one per step (every thread runs every step, so that each\n"
    " * __syncwarp names the warp's threads that exist). */\n"
    "template <int dvmh_OP, typename dvmh_T, int dvmh_N, typename dvmh_Loc, int dvmh_M>\n"
    "__device__ __forceinline__ void dvmh_block_tree(const dvmh_T *dvmh_v, const dvmh_Loc *dvmh_vl, dvmh_T *&dvmh_sv, dvmh_Loc *&dvmh_sl, unsigned &dvmh_tid)\n"
    "{\n"
    "    extern __shared__ unsigned long long dvmh_shared[];\n"
    "    const unsigned dvmh_n = blockDim.x * blockDim.y * blockDim.z;\n"
    "    dvmh_tid = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);\n"
    "    dvmh_sv = (dvmh_T *)dvmh_shared;\n"
    "    dvmh_sl = (dvmh_Loc *)(dvmh_shared + (dvmh_n * dvmh_N * sizeof(dvmh_T) + 7) / 8);\n"
    "    for (int dvmh_k = 0; dvmh_k < dvmh_N; dvmh_k++)\n"
    "        dvmh_sv[dvmh_tid * dvmh_N + dvmh_k] = dvmh_v[dvmh_k];\n"
    "    for (int dvmh_k = 0; dvmh_k < dvmh_M; dvmh_k++)\n"
    "        dvmh_sl[dvmh_tid * dvmh_M + dvmh_k] = dvmh_vl[dvmh_k];\n"
    "    const unsigned dvmh_lane = dvmh_tid & 31, dvmh_lanes = dvmh_n - (dvmh_tid - dvmh_lane) < 32 ? dvmh_n - (dvmh_tid - dvmh_lane) : 32;\n"
    "    const unsigned dvmh_mask = dvmh_lanes == 32 ? 0xffffffffu : (1u << dvmh_lanes) - 1;\n"
    "    __syncwarp(dvmh_mask);\n"
    "    for (unsigned dvmh_s = 16; dvmh_s > 0; dvmh_s >>= 1) {\n"
    "        if (dvmh_lane < dvmh_s && dvmh_lane + dvmh_s < dvmh_lanes)\n"
    "            dvmh_combine<dvmh_OP, dvmh_T, dvmh_N, dvmh_Loc, dvmh_M>(dvmh_sv + dvmh_tid * dvmh_N, dvmh_sl + dvmh_tid * dvmh_M, dvmh_sv + (dvmh_tid + dvmh_s) * dvmh_N, dvmh_sl + (dvmh_tid + dvmh_s) * dvmh_M);\n"
    "        __syncwarp(dvmh_mask);\n"
    "    }\n"
    "    __syncthreads();\n"
    "    const unsigned dvmh_warps = (dvmh_n + 31) / 32;\n"
    "    if (dvmh_warps > 1) {\n"
    "        for (unsigned dvmh_s = 16; dvmh_s > 0; dvmh_s >>= 1) {\n"
    "            if (dvmh_tid < dvmh_s && dvmh_tid + dvmh_s < dvmh_warps)\n"
    "                dvmh_combine<dvmh_OP, dvmh_T, dvmh_N, dvmh_Loc, dvmh_M>(dvmh_sv + dvmh_tid * 32 * dvmh_N, dvmh_sl + dvmh_tid * 32 * dvmh_M, dvmh_sv + (dvmh_tid + dvmh_s) * 32 * dvmh_N, dvmh_sl + (dvmh_tid + dvmh_s) * 32 * dvmh_M);\n"
    "            __syncwarp(dvmh_mask);\n"
    "        }\n"
    "        __syncthreads();\n"
    "    }\n"
    "}\n"
    "/* The block's result to dvmh_part[block] (thread 0). */\n"
    "template <int dvmh_OP, typename dvmh_T, int dvmh_N, typename dvmh_Loc, int dvmh_M>\n"
    "__device__ void dvmh_block_reduce(const dvmh_T *dvmh_v, const dvmh_Loc *dvmh_vl, dvmh_T *dvmh_part, dvmh_Loc *dvmh_partl)\n"
    "{\n"
    "    dvmh_T *dvmh_sv;\n"
    "    dvmh_Loc *dvmh_sl;\n"
    "    unsigned dvmh_tid;\n"
    "    dvmh_block_tree<dvmh_OP, dvmh_T, dvmh_N, dvmh_Loc, dvmh_M>(dvmh_v, dvmh_vl, dvmh_sv, dvmh_sl, dvmh_tid);\n"
    "    if (dvmh_tid == 0) {\n"
    "        const unsigned dvmh_b = blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);\n"
    "        for (int dvmh_k = 0; dvmh_k < dvmh_N; dvmh_k++)\n"
    "            dvmh_part[(size_t)dvmh_b * dvmh_N + dvmh_k] = dvmh_sv[dvmh_k];\n"
    "        for (int dvmh_k = 0; dvmh_k < dvmh_M; dvmh_k++)\n"
    "            dvmh_partl[(size_t)dvmh_b * dvmh_M + dvmh_k] = dvmh_sl[dvmh_k];\n"
    "    }\n"
    "    __syncthreads();\n"
    "}\n"
    "/* Atomic combines into device memory, for what the launcher reduces so:\n"
    " * max and min of 4- and 8-byte integers and floating values, sum, and,\n"
    " * or, xor of integers. A floating value goes by its bits: non-negative\n"
    " * values order as their bits do as signed integers, negative ones in the\n"
    " * reverse order of their bits as unsigned integers. */\n"
    "template <int dvmh_B> struct dvmh_bits;\n"
    "template <> struct dvmh_bits<4> { typedef int S; typedef unsigned U; };\n"
    "template <> struct dvmh_bits<8> { typedef long long S; typedef unsigned long long U; };\n"
    "template <int dvmh_OP, typename dvmh_T>\n"
    "__device__ __forceinline__ void dvmh_atomic_combine(dvmh_T *dvmh_a, const dvmh_T dvmh_v)\n"
    "{\n"
    "    typedef typename dvmh_bits<sizeof(dvmh_T)>::S dvmh_S;\n"
    "    typedef typename dvmh_bits<sizeof(dvmh_T)>::U dvmh_U;\n"
    "    if constexpr ((dvmh_T)0.5 != (dvmh_T)0) {\n"
    "        static_assert(dvmh_OP == DVMH_RED_MAX || dvmh_OP == DVMH_RED_MIN, \"max or min\");\n"
    "        dvmh_S dvmh_b;\n"
    "        memcpy(&dvmh_b, &dvmh_v, sizeof dvmh_b);\n"
    "        if (dvmh_b >= 0) {\n"
    "            if constexpr (dvmh_OP == DVMH_RED_MAX) atomicMax((dvmh_S *)dvmh_a, dvmh_b);\n"
    "            else atomicMin((dvmh_S *)dvmh_a, dvmh_b);\n"
    "        } else {\n"
    "            if constexpr (dvmh_OP == DVMH_RED_MAX) atomicMin((dvmh_U *)dvmh_a, (dvmh_U)dvmh_b);\n"
    "            else atomicMax((dvmh_U *)dvmh_a, (dvmh_U)dvmh_b);\n"
    "        }\n"
    "    } else if constexpr ((dvmh_OP == DVMH_RED_MAX || dvmh_OP == DVMH_RED_MIN) && (dvmh_T)-1 < (dvmh_T)0) {\n"
    "        if constexpr (dvmh_OP == DVMH_RED_MAX) atomicMax((dvmh_S *)dvmh_a, (dvmh_S)dvmh_v);\n"
    "        else atomicMin((dvmh_S *)dvmh_a, (dvmh_S)dvmh_v);\n"
    "    } else {\n"
    "        dvmh_U *const dvmh_p = (dvmh_U *)dvmh_a;\n"
    "        const dvmh_U dvmh_u = (dvmh_U)dvmh_v;\n"
    "        if constexpr (dvmh_OP == DVMH_RED_MAX) atomicMax(dvmh_p, dvmh_u);\n"
    "        else if constexpr (dvmh_OP == DVMH_RED_MIN) atomicMin(dvmh_p, dvmh_u);\n"
    "        else if constexpr (dvmh_OP == DVMH_RED_SUM) atomicAdd(dvmh_p, dvmh_u);\n"
    "        else if constexpr (dvmh_OP == DVMH_RED_AND) atomicAnd(dvmh_p, dvmh_u);\n"
    "        else if constexpr (dvmh_OP == DVMH_RED_OR) atomicOr(dvmh_p, dvmh_u);\n"
    "        else { static_assert(dvmh_OP == DVMH_RED_XOR, \"an atomic operation\"); atomicXor(dvmh_p, dvmh_u); }\n"
    "    }\n"
    "}\n"
    "/* The block's result combined atomically into dvmh_res (thread 0): no\n"
    " * partial results, no grid-level kernel. */\n"
    "template <int dvmh_OP, typename dvmh_T, int dvmh_N>\n"
    "__device__ void dvmh_block_reduce_atomic(const dvmh_T *dvmh_v, dvmh_T *dvmh_res)\n"
    "{\n"
    "    dvmh_T *dvmh_sv;\n"
    "    char *dvmh_sl;\n"
    "    unsigned dvmh_tid;\n"
    "    dvmh_block_tree<dvmh_OP, dvmh_T, dvmh_N, char, 0>(dvmh_v, (const char *)0, dvmh_sv, dvmh_sl, dvmh_tid);\n"
    "    if (dvmh_tid == 0)\n"
    "        for (int dvmh_k = 0; dvmh_k < dvmh_N; dvmh_k++)\n"
    "            dvmh_atomic_combine<dvmh_OP, dvmh_T>(dvmh_res + dvmh_k, dvmh_sv[dvmh_k]);\n"
    "    __syncthreads();\n"
    "}\n"
    "/* One block combines dvmh_nparts block results into dvmh_res (with what dvmh_res holds\n"
    " * unless dvmh_first: the earlier wavefront steps). */\n"
    "template <int dvmh_OP, typename dvmh_T, int dvmh_N, typename dvmh_Loc, int dvmh_M>\n"
    "__device__ void dvmh_grid_reduce(const dvmh_vals<dvmh_T, dvmh_N> dvmh_init, dvmh_T *dvmh_part, dvmh_Loc *dvmh_partl, unsigned dvmh_nparts,\n"
    "                                 int dvmh_first, dvmh_T *dvmh_res, dvmh_Loc *dvmh_resl)\n"
    "{\n"
    "    dvmh_T dvmh_v[dvmh_N];\n"
    "    dvmh_Loc dvmh_vl[dvmh_M > 0 ? dvmh_M : 1] = {};\n"
    "    for (int dvmh_k = 0; dvmh_k < dvmh_N; dvmh_k++)\n"
    "        dvmh_v[dvmh_k] = dvmh_init.dvmh_v[dvmh_k];\n"
    "    for (unsigned dvmh_p = threadIdx.x; dvmh_p < dvmh_nparts; dvmh_p += blockDim.x)\n"
    "        dvmh_combine<dvmh_OP, dvmh_T, dvmh_N, dvmh_Loc, dvmh_M>(dvmh_v, dvmh_vl, dvmh_part + (size_t)dvmh_p * dvmh_N, dvmh_partl + (size_t)dvmh_p * dvmh_M);\n"
    "    dvmh_block_reduce<dvmh_OP, dvmh_T, dvmh_N, dvmh_Loc, dvmh_M>(dvmh_v, dvmh_vl, dvmh_part, dvmh_partl);\n"
    "    if (threadIdx.x == 0) {\n"
    "        if (dvmh_first) {\n"
    "            for (int dvmh_k = 0; dvmh_k < dvmh_N; dvmh_k++)\n"
    "                dvmh_res[dvmh_k] = dvmh_part[dvmh_k];\n"
    "            for (int dvmh_k = 0; dvmh_k < dvmh_M; dvmh_k++)\n"
    "                dvmh_resl[dvmh_k] = dvmh_partl[dvmh_k];\n"
    "        } else {\n"
    "            dvmh_combine<dvmh_OP, dvmh_T, dvmh_N, dvmh_Loc, dvmh_M>(dvmh_res, dvmh_resl, dvmh_part, dvmh_partl);\n"
    "        }\n"
    "    }\n"
    "}\n";

/* C's <math.h> in C++: sqrt(i) of an int is ambiguous (nvcc picks a host
 * template and fails) and sqrt(f) of a float computes in float. Each
 * double function gets a device wrapper with its C prototype, so that its
 * arguments convert to double as in C, and a macro of its name that calls
 * the wrapper (after the program's own #include lines: the headers must
 * declare the real functions). */
static const struct {
    const char *name, *ret, *params, *args;
} cuda_c_math[] = {
#define DVMH_MATH1(f) {#f, "double", "double dvmh_x", "dvmh_x"}
    DVMH_MATH1(acos), DVMH_MATH1(asin), DVMH_MATH1(atan), DVMH_MATH1(acosh),
    DVMH_MATH1(asinh), DVMH_MATH1(atanh), DVMH_MATH1(cos), DVMH_MATH1(sin),
    DVMH_MATH1(tan), DVMH_MATH1(cosh), DVMH_MATH1(sinh), DVMH_MATH1(tanh),
    DVMH_MATH1(exp), DVMH_MATH1(exp2), DVMH_MATH1(expm1), DVMH_MATH1(log),
    DVMH_MATH1(log10), DVMH_MATH1(log1p), DVMH_MATH1(log2), DVMH_MATH1(logb),
    DVMH_MATH1(cbrt), DVMH_MATH1(sqrt), DVMH_MATH1(erf), DVMH_MATH1(erfc),
    DVMH_MATH1(lgamma), DVMH_MATH1(tgamma), DVMH_MATH1(ceil), DVMH_MATH1(floor),
    DVMH_MATH1(trunc), DVMH_MATH1(round), DVMH_MATH1(nearbyint), DVMH_MATH1(rint),
    DVMH_MATH1(fabs),
#undef DVMH_MATH1
#define DVMH_MATH2(f) {#f, "double", "double dvmh_x, double dvmh_y", "dvmh_x, dvmh_y"}
    DVMH_MATH2(atan2), DVMH_MATH2(pow), DVMH_MATH2(fmod), DVMH_MATH2(remainder),
    DVMH_MATH2(hypot), DVMH_MATH2(fmax), DVMH_MATH2(fmin), DVMH_MATH2(fdim),
    DVMH_MATH2(copysign), DVMH_MATH2(nextafter),
#undef DVMH_MATH2
    {"lround", "long", "double dvmh_x", "dvmh_x"},
    {"lrint", "long", "double dvmh_x", "dvmh_x"},
    {"llround", "long long", "double dvmh_x", "dvmh_x"},
    {"llrint", "long long", "double dvmh_x", "dvmh_x"},
    {"ilogb", "int", "double dvmh_x", "dvmh_x"},
    {"ldexp", "double", "double dvmh_x, int dvmh_n", "dvmh_x, dvmh_n"},
    {"scalbn", "double", "double dvmh_x, int dvmh_n", "dvmh_x, dvmh_n"},
    {"scalbln", "double", "double dvmh_x, long dvmh_n", "dvmh_x, dvmh_n"},
    {"fma", "double", "double dvmh_x, double dvmh_y, double dvmh_z", "dvmh_x, dvmh_y, dvmh_z"},
};

static void cuda_math_wrappers(strbuf *out)
{
    for (size_t k = 0; k < sizeof cuda_c_math / sizeof cuda_c_math[0]; k++)
        sb_printf(out, "static __device__ __forceinline__ %s dvmh_c_%s(%s) { return %s(%s); }\n",
                  cuda_c_math[k].ret, cuda_c_math[k].name, cuda_c_math[k].params,
                  cuda_c_math[k].name, cuda_c_math[k].args);
}

static void cuda_math_macros(strbuf *out)
{
    for (size_t k = 0; k < sizeof cuda_c_math / sizeof cuda_c_math[0]; k++)
        sb_printf(out, "#ifndef %s\n#define %s(...) dvmh_c_%s(__VA_ARGS__)\n#endif\n",
                  cuda_c_math[k].name, cuda_c_math[k].name, cuda_c_math[k].name);
}

/* C++ keywords that C programs use as names (double new = ..., int class),
 * and CUDA's own min and max, which a C file may define as functions:
 * renamed in the CUDA file after its headers (unless the program defines
 * the name as a macro itself). Not 'template' (the kernels' bodies are
 * templates) nor bool, true and false (the prelude's _Bool). */
static const char *const cuda_cxx_keywords[] = {
    "new", "delete", "class", "this", "typename", "namespace", "using", "operator", "private",
    "public", "protected", "friend", "virtual", "explicit", "mutable", "throw", "try", "catch",
    "typeid", "nullptr", "decltype", "noexcept", "constexpr", "concept", "requires", "export",
    "static_cast", "dynamic_cast", "const_cast", "reinterpret_cast", "min", "max", NULL};

static bool cuda_starts_directive(const char *t, size_t k, size_t len, size_t *after_hash)
{
    while (k < len && (t[k] == ' ' || t[k] == '\t'))
        k++;
    if (k >= len || t[k] != '#')
        return false;
    *after_hash = k + 1;
    return true;
}

static bool cuda_inside_function(gen *g, size_t off)
{
    for (int n = 0; n < g->a.count; n++)
        if (g->a.nodes[n].parent == -1 && off > g->a.nodes[n].start && off < g->a.nodes[n].end &&
            g->a.nodes[n].kind == CXCursor_FunctionDecl)
            return true;
    return false;
}

static bool cuda_word_at(const char *t, size_t k, size_t len, const char *w)
{
    size_t n = strlen(w);
    if (k + n > len || strncmp(t + k, w, n))
        return false;
    bool before = k > 0 && (isalnum((unsigned char)t[k - 1]) || t[k - 1] == '_');
    bool after = k + n < len && (isalnum((unsigned char)t[k + n]) || t[k + n] == '_');
    return !before && !after;
}

/* Whether text declares an enumerator named true or false, as C programs
 * without <stdbool.h> do ('typedef enum { false, true } logical;' in the
 * NPB), which C++ refuses. */
static bool cuda_bool_enumerators(const char *t, size_t len)
{
    for (size_t k = 0; t && k < len; k++) {
        if (!cuda_word_at(t, k, len, "enum"))
            continue;
        size_t b = k + 4;
        while (b < len && t[b] != '{' && t[b] != ';' && t[b] != '(' && t[b] != ')')
            b++;
        if (b >= len || t[b] != '{')
            continue;
        for (size_t e = b + 1; e < len && t[e] != '}'; e++)
            if (cuda_word_at(t, e, len, "true") || cuda_word_at(t, e, len, "false"))
                return true;
    }
    return false;
}

/* Whether text uses word as a name, outside comments and literals, and
 * whether it defines it as a macro. */
static void cuda_word_uses(const char *t, size_t len, const char *w, bool *used, bool *defined)
{
    for (size_t k = 0; t && k < len; k++) {
        if (t[k] == '/' && k + 1 < len && t[k + 1] == '*') {
            const char *e = memmem(t + k + 2, len - k - 2, "*/", 2);
            k = e ? (size_t)(e - t) + 1 : len;
        } else if (t[k] == '/' && k + 1 < len && t[k + 1] == '/') {
            while (k < len && t[k] != '\n')
                k++;
        } else if (t[k] == '"' || t[k] == '\'') {
            char q = t[k];
            for (k++; k < len && t[k] != q && t[k] != '\n'; k++)
                if (t[k] == '\\')
                    k++;
        } else if (cuda_word_at(t, k, len, w)) {
            /* '#define w' or '# define w' */
            size_t b = k;
            while (b > 0 && (t[b - 1] == ' ' || t[b - 1] == '\t'))
                b--;
            bool def = b >= 6 && !strncmp(t + b - 6, "define", 6);
            if (def) {
                b -= 6;
                while (b > 0 && (t[b - 1] == ' ' || t[b - 1] == '\t'))
                    b--;
                def = b > 0 && t[b - 1] == '#';
            }
            *(def ? defined : used) = true;
        }
    }
}

/* The user's preprocessor lines (not #pragma) and file-scope types, in
 * file order, with #line markers. C++ keywords that the program's own
 * headers use as names (NPB's verify(..., char *class)), and enumerators
 * true and false that the program declares (the NPB's logical), are
 * macros of other names (dvmh_c_class, dvmh_c_true) from before its
 * first line on, kept away from the system headers it includes itself
 * (push_macro, pop_macro); the others are renamed after its lines. */
static void cuda_user_preamble(gen *g, strbuf *out)
{
    const char *t = g->a.text;
    size_t len = g->a.text_len;
    bool tgmath = false;
    const char *early[64];
    int nearly = 0;
    bool bool_names = cuda_bool_enumerators(t, len);
    for (int k = 0; k < headers_count(g) && !bool_names; k++) {
        size_t hlen;
        const char *ht = headers_text(g, k, &hlen);
        bool_names = cuda_bool_enumerators(ht, hlen);
    }
    if (bool_names) {
        early[nearly++] = "false";
        early[nearly++] = "true";
    }
    for (int w = 0; cuda_cxx_keywords[w]; w++) {
        bool used = false, defined = false;
        cuda_word_uses(t, len, cuda_cxx_keywords[w], &(bool){false}, &defined);
        for (int k = 0; k < headers_count(g); k++) {
            size_t hlen;
            const char *ht = headers_text(g, k, &hlen);
            cuda_word_uses(ht, hlen, cuda_cxx_keywords[w], &used, &defined);
        }
        if (used && !defined && nearly < 64)
            early[nearly++] = cuda_cxx_keywords[w];
    }
    for (int w = 0; w < nearly; w++)
        sb_printf(out, "#define %s dvmh_c_%s\n", early[w], early[w]);
    for (size_t k = 0; k < len;) {
        size_t eol = k;
        while (eol < len && t[eol] != '\n')
            eol++;
        size_t h;
        if (cuda_starts_directive(t, k, len, &h) && !cuda_inside_function(g, k)) {
            size_t e = eol;
            while (e > k && e < len && t[e - 1] == '\\') {
                e++;
                while (e < len && t[e] != '\n')
                    e++;
            }
            while (h < e && (t[h] == ' ' || t[h] == '\t'))
                h++;
            bool pragma = !strncmp(t + h, "pragma", 6);
            bool self = !strncmp(t + h, "include", 7) && memmem(t + h, e - h, "dvmh.h", 6);
            tgmath |= !strncmp(t + h, "include", 7) && memmem(t + h, e - h, "tgmath.h", 8);
            if (!pragma && !self) {
                size_t q = h + 7;
                while (q < e && (t[q] == ' ' || t[q] == '\t'))
                    q++;
                bool system = nearly && !strncmp(t + h, "include", 7) && q < e && t[q] == '<';
                for (int w = 0; system && w < nearly; w++)
                    sb_printf(out, "#pragma push_macro(\"%s\")\n#undef %s\n", early[w], early[w]);
                unsigned line, col;
                ast_line_col(&g->a, k, &line, &col);
                sb_printf(out, "#line %u \"%s\"\n", line, g->file);
                sb_addn(out, t + k, e - k);
                sb_add(out, "\n");
                for (int w = 0; system && w < nearly; w++)
                    sb_printf(out, "#pragma pop_macro(\"%s\")\n", early[w]);
            }
            eol = e;
        }
        k = eol + 1;
    }
    /* C's math functions (not under <tgmath.h>, whose macros pick by type) */
    if (!tgmath)
        cuda_math_macros(out);
    for (int k = 0; cuda_cxx_keywords[k]; k++)
        sb_printf(out, "#ifndef %s\n#define %s dvmh_c_%s\n#endif\n", cuda_cxx_keywords[k],
                  cuda_cxx_keywords[k], cuda_cxx_keywords[k]);
    /* types */
    size_t done_to = 0;
    for (int k = 0; k < g->a.count; k++) {
        node *nd = &g->a.nodes[k];
        if (nd->parent != -1 || nd->start < done_to || nd->from_macro)
            continue;
        if (nd->kind != CXCursor_TypedefDecl && nd->kind != CXCursor_StructDecl &&
            nd->kind != CXCursor_UnionDecl && nd->kind != CXCursor_EnumDecl)
            continue;
        if (!clang_isCursorDefinition(nd->cursor) && nd->kind != CXCursor_TypedefDecl)
            continue;
        /* typedef struct { ... } P: the struct comes first, inside the
         * typedef, which copies it whole */
        bool in_typedef = false;
        for (int t = k + 1; t < g->a.count && !in_typedef && nd->kind != CXCursor_TypedefDecl; t++) {
            const node *td = &g->a.nodes[t];
            if (td->parent != -1)
                continue;
            if (td->start > nd->start)
                break;
            in_typedef = td->kind == CXCursor_TypedefDecl && td->end >= nd->end;
        }
        if (in_typedef)
            continue;
        unsigned line, col;
        ast_line_col(&g->a, nd->start, &line, &col);
        sb_printf(out, "#line %u \"%s\"\n", line, g->file);
        sb_addn(out, t + nd->start, nd->end - nd->start);
        sb_add(out, ";\n");
        done_to = nd->end;
    }
}

char *cuda_file_text(gen *g)
{
    cuda_exports(g);
    if (!g->cuda.len && !g->nexports)
        return NULL;
    strbuf out = {0};
    sb_add(&out, cuda_relocatable(g)
                     ? "/* CUDA handlers generated by cdvmh: compile with nvcc -fatbin -rdc=true\n"
                       " * (relocatable device code: the runtime links it with the device code\n"
                       " * of the program's other files). */\n"
                     : "/* CUDA handlers generated by cdvmh: compile with nvcc -fatbin. */\n");
    sb_add(&out, cuda_prelude);
    cuda_math_wrappers(&out);
    cuda_user_preamble(g, &out);
    cuda_import_decls(g, &out);
    /* device copies of the functions the loops call: declarations first */
    for (int k = 0; k < g->device_fn_count; k++) {
        node *fn = &g->a.nodes[g->device_fns[k]];
        int body = -1;
        for (int c = fn->first_child; c >= 0; c = g->a.nodes[c].next_sibling)
            if (g->a.nodes[c].kind == CXCursor_CompoundStmt)
                body = c;
        if (body < 0)
            continue;
        char *head = ast_text(&g->a, fn->start, g->a.nodes[body].start);
        sb_printf(&out, "__device__ %s;\n", head);
        free(head);
    }
    for (int k = 0; k < g->device_fn_count; k++) {
        node *fn = &g->a.nodes[g->device_fns[k]];
        unsigned line, col;
        ast_line_col(&g->a, fn->start, &line, &col);
        sb_printf(&out, "#line %u \"%s\"\n__device__ ", line, g->file);
        sb_addn(&out, g->a.text + fn->start, fn->end - fn->start);
        sb_add(&out, "\n");
    }
    sb_add(&out, "\n");
    if (g->cuda.len)
        sb_add(&out, g->cuda.s);
    return sb_take(&out);
}

char *cuda_module_decl(gen *g)
{
    strbuf b = {0};
    sb_printf(&b, "#ifdef DVMH_CUDA_HANDLERS\n/* the device image is defined at the end of the file */\n"
                  "static dvmh_cuda_module dvmh_cuda_module_%s;\n#endif\n",
              g->base);
    return sb_take(&b);
}
