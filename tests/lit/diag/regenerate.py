# Writes the diagnostics table of tests/lit/diag: each case a small program
# with one mistake; the expected message is checked by FileCheck.
# Usage: regenerate.py OUT_DIR CDVMH [CASE...]
import os, subprocess, sys
out = sys.argv[1]
cases = {
# parser-level
"unknown_directive": "#pragma dvm paralel([i])\n    for (i = 0; i < N; i++) a[i] = i;",
"unknown_parallel_clause": "#pragma dvm parallel([i]) privat(t)\n    for (i = 0; i < N; i++) a[i] = i;",
"unknown_region_clause": "#pragma dvm region inn(a)\n    { a[0] = 1; }",
"unknown_reduction_op": "#pragma dvm parallel([i]) reduction(summ(s))\n    for (i = 0; i < N; i++) s += a[i];",
"missing_paren_parallel": "#pragma dvm parallel [i]\n    for (i = 0; i < N; i++) a[i] = i;",
"missing_close_paren": "#pragma dvm parallel([i] on A[i]\n    for (i = 0; i < N; i++) A[i] = i;",
"missing_bracket": "#pragma dvm parallel([i on A[i])\n    for (i = 0; i < N; i++) A[i] = i;",
"empty_pragma": "#pragma dvm\n    s = 1;",
"bad_distribution_format": "#pragma dvm array distribute[blok]\n    double B[N];",
"distribute_no_bracket": "#pragma dvm array distribute(block)\n    double B[N];",
"unknown_array_clause": "#pragma dvm array distribute[block] shadoww[1]\n    double B[N];",
"derived_unsupported": "#pragma dvm array distribute[derived([i] with A[i])]\n    double B[N];",
"indirect_no_paren": "#pragma dvm array distribute[indirect]\n    double B[N];",
"indirect_undeclared": "#pragma dvm redistribute(T[indirect(parts)])\n    s = 1;",
"align_without_with": "#pragma dvm array align([i] A[i])\n    double B[N];",
"on_nonlinear_index": "#pragma dvm parallel([i] on A[i*i])\n    for (i = 0; i < N; i++) A[i] = i;",
"typedef_as_value": "typedef long len_t;\n    (void)sizeof(len_t);\n#pragma dvm get_actual(A[len_t / 2])\n    s = 1;",
"on_macro_square": "#define SQ(x) ((x) * (x))\n#pragma dvm parallel([i] on A[SQ(i)])\n    for (i = 0; i < N; i++) A[i] = i;",
"on_macro_two_vars": "#define SUM(x, y) ((x) + (y))\n#pragma dvm parallel([i][j] on M[SUM(i, j)][j])\n    for (i = 0; i < N; i++) for (j = 0; j < N; j++) M[i][j] = i;",
"on_quotient": "#pragma dvm parallel([i] on A[(2 * i) / 2])\n    for (i = 0; i < N; i++) A[i] = i;",
"on_two_vars": "#pragma dvm parallel([i][j] on M[i+j][j])\n    for (i = 0; i < N; i++) for (j = 0; j < N; j++) M[i][j] = i;",
"corner_typo": "#pragma dvm parallel([i] on A[i]) shadow_renew(A(corners))\n    for (i = 1; i < N; i++) A[i] = i;",
"cuda_block_four": "#pragma dvm parallel([i] on A[i]) cuda_block(1, 2, 3, 4)\n    for (i = 0; i < N; i++) A[i] = i;",
"maxloc_missing_loc": "#pragma dvm parallel([i]) reduction(maxloc(s))\n    for (i = 0; i < N; i++) s = a[i];",
"targets_unknown": "#pragma dvm region targets(GPU)\n    { a[0] = 1; }",
"trailing_garbage": "#pragma dvm get_actual(a) extra\n    s = 1;",
"template_no_sizes": "#pragma dvm template distribute[block]\n    void *T;",
"stage_empty": "#pragma dvm parallel([i] on A[i]) stage()\n    for (i = 0; i < N; i++) A[i] = i;",
"redistribute_no_format": "#pragma dvm redistribute(A)\n    s = 1;",
"inherit_empty": "#pragma dvm inherit()\n    s = 1;",
"interval_unclosed": "#pragma dvm interval(1\n    { s = 1; }",
# directive forms: comments, parallel(N), intervals
"comment_unterminated": "#pragma dvm region /* never closed\n    { s = 1; }",
"parallel_depth_zero": "#pragma dvm parallel(0)\n    for (i = 0; i < N; i++) a[i] = i;",
"parallel_depth_name": "#pragma dvm parallel(N)\n    for (i = 0; i < N; i++) a[i] = i;",
"parallel_depth_shallow": "#pragma dvm parallel(2) private(j)\n    for (i = 0; i < N; i++) a[i] = i;",
"parallel_depth_tie": "#pragma dvm parallel(1) tie(a[i])\n    for (i = 0; i < N; i++) a[i] = i;",
"endinterval_unopened": "#pragma dvm endinterval\n    s = 1;",
"endinterval_other_block": "#pragma dvm interval 1\n    {\n        s = 1;\n#pragma dvm endinterval\n    }",
"exitinterval_not_open": "#pragma dvm interval 1\n    {\n        if (s) {\n#pragma dvm exitinterval 2\n            return 1;\n        }\n    }",
"exitinterval_too_many": "#pragma dvm interval 1\n    {\n        if (s) {\n#pragma dvm exitinterval 1, 2\n            return 1;\n        }\n    }",
"exitinterval_too_few": "#pragma dvm interval 1\n    {\n#pragma dvm interval 2\n        if (s) {\n#pragma dvm exitinterval 2\n            return 1;\n        }\n#pragma dvm endinterval\n    }",
"exitinterval_empty": "#pragma dvm exitinterval\n    s = 1;",
"interval_jump_unclosed": "#pragma dvm interval 1\n    {\n        if (s)\n            return 1;\n    }",
"interval_overlap": "#pragma dvm interval 1\n#pragma dvm interval 2\n    s = 1;\n    s = 2;\n#pragma dvm endinterval",
"interval_in_region": "#pragma dvm region\n    {\n#pragma dvm interval\n        { s = 1; }\n    }",
"interval_before_declaration": "#pragma dvm interval\n    int q = 1;\n    s = q;",
# not supported yet
"shadow_add_no_paren": "#pragma dvm shadow_add\n    s = 1;",
"shadow_add_no_with": "#pragma dvm shadow_add(T[i + 1] = \"nb\")\n    s = 1;",
"shadow_add_with_other": "#pragma dvm shadow_add(T[v + 1 with A[@v]] = \"nb\")\n    s = 1;",
"shadow_add_no_name": "#pragma dvm shadow_add(T[v + 1 with T[@v]])\n    s = 1;",
"shadow_add_empty_name": "#pragma dvm shadow_add(T[v + 1 with T[@v]] = \"\")\n    s = 1;",
"shadow_add_undeclared": "#pragma dvm shadow_add(T[q + 1 with T[@v]] = \"nb\")\n    s = 1;",
"shadow_add_2d": "#pragma dvm shadow_add(M[v + 1 with M[@v][@w]] = \"nb\")\n    s = 1;",
"shadow_add_include_template": "#pragma dvm shadow_add(T[v + 1 with T[@v]] = \"nb\") include_to(T)\n    s = 1;",
"shadow_add_in_region": "#pragma dvm region\n    {\n#pragma dvm shadow_add(T[v + 1 with T[@v]] = \"nb\") include_to(A)\n    s = 1;\n    }",
"shadow_add_partial_ref": "#pragma dvm shadow_add(T[M[v] with T[@v]] = \"nb\") include_to(A)\n    s = 1;",
"shadow_renew_empty_edge": "#pragma dvm parallel([i] on A[i]) shadow_renew(A[\"\"])\n    for (i = 0; i < N; i++) A[i] = i;",
"shadow_renew_edge_unclosed": "#pragma dvm parallel([i] on A[i]) shadow_renew(A[\"nb\")\n    for (i = 0; i < N; i++) A[i] = i;",
# host_section, array_copy, localize, unlocalize
"host_section_outside_region": "#pragma dvm host_section\n    { s = 1; }",
"host_section_not_block": "#pragma dvm region\n    {\n#pragma dvm host_section\n    s = 1;\n    }",
"host_section_in_loop": "#pragma dvm region\n    {\n#pragma dvm parallel([i] on A[i])\n    for (i = 0; i < N; i++) {\n#pragma dvm host_section\n    { A[i] = 1; }\n    }\n    }",
"host_section_with_loop": "#pragma dvm region\n    {\n#pragma dvm host_section\n    {\n#pragma dvm parallel([i] on A[i])\n    for (i = 0; i < N; i++) A[i] = i;\n    }\n    }",
"host_section_trailing": "#pragma dvm region\n    {\n#pragma dvm host_section(A)\n    { s = 1; }\n    }",
"array_copy_rank": "#pragma dvm array_copy(A = M)\n    s = 1;",
"array_copy_size": "#pragma dvm array distribute[block]\n    double B8[8];\n#pragma dvm array_copy(B8 = A)\n    s = 1;",
"array_copy_type": "#pragma dvm array distribute[block]\n    float F[N];\n#pragma dvm array_copy(F = A)\n    s = 1;",
"array_copy_not_distributed": "#pragma dvm array_copy(A = a)\n    s = 1;",
"array_copy_in_region": "#pragma dvm region\n    {\n#pragma dvm array_copy(A = A)\n    s = 1;\n    }",
"array_copy_no_equal": "#pragma dvm array_copy(A, M)\n    s = 1;",
"localize_not_integer": "#pragma dvm localize(A => A[:])\n    s = 1;",
"localize_no_axis": "#pragma dvm array distribute[block]\n    int IX[N];\n#pragma dvm localize(IX => M)\n    s = 1;",
"localize_two_axes": "#pragma dvm localize(A => M[:][:])\n    s = 1;",
"localize_no_arrow": "#pragma dvm localize(A -> M[:][])\n    s = 1;",
"localize_not_distributed": "#pragma dvm localize(a => A[:])\n    s = 1;",
"unlocalize_not_distributed": "#pragma dvm unlocalize(A, a)\n    s = 1;",
# subtasks
"task_region_unknown": "#pragma dvm task_region(blocks)\n    { s = 1; }",
"map_without_task": "#pragma dvm map(blocks[0] weight(1))\n    s = 1;",
"task_loop_outside_region": "#pragma dvm task blocks[4]\n#pragma dvm parallel([i] on blocks[i])\n    for (i = 0; i < 4; i++) a[i] = i;",
"map_empty_procs": "#pragma dvm task blocks[4]\n#pragma dvm map(blocks[0] weight(1) procs(4 : 2))\n    s = 1;",
"map_zero_procs": "#pragma dvm task blocks[4]\n#pragma dvm map(blocks[0] procs(0 : 2))\n    s = 1;",
"map_bad_onto": "#pragma dvm task blocks[4]\n#pragma dvm map(blocks[0] onto(3 : 1))\n    s = 1;",
"map_onto_with_weight": "#pragma dvm task blocks[4]\n#pragma dvm map(blocks[0] onto(0 : 1) weight(2))\n    s = 1;",
"map_unknown_clause": "#pragma dvm task blocks[4]\n#pragma dvm map(blocks[0] weigth(1))\n    s = 1;",
"task_missing_size": "#pragma dvm task blocks\n    s = 1;",
"task_zero_size": "#pragma dvm task blocks[0]\n    s = 1;",
"task_link_two_arrays": "#pragma dvm task blocks[4]\n#pragma dvm task other[2]\n#pragma dvm task_link(blocks[0], other[1], 5)\n    s = 1;",
"task_loop_scalar_write": "#pragma dvm task blocks[4]\n#pragma dvm task_region(blocks)\n    {\n#pragma dvm parallel([i] on blocks[i])\n    for (i = 0; i < 4; i++) t = i;\n    }",
"task_loop_outer_array": "#pragma dvm task blocks[4]\n#pragma dvm task_region(blocks)\n    {\n#pragma dvm parallel([i] on blocks[i])\n    for (i = 0; i < 4; i++) A[i] = i;\n    }",
"task_loop_reduction": "#pragma dvm task blocks[4]\n#pragma dvm task_region(blocks)\n    {\n#pragma dvm parallel([i] on blocks[i]) reduction(sum(q))\n    for (i = 0; i < 4; i++) t += i;\n    }",
"task_loop_shadow": "#pragma dvm task blocks[4]\n#pragma dvm task_region(blocks)\n    {\n#pragma dvm parallel([i] on blocks[i]) shadow_renew(A)\n    for (i = 0; i < 4; i++) a[i] = i;\n    }",
"task_loop_break": "#pragma dvm task blocks[4]\n#pragma dvm task_region(blocks)\n    {\n#pragma dvm parallel([i] on blocks[i])\n    for (i = 0; i < 4; i++) { if (a[i] > 0) break; a[i] = 1; }\n    }",
"task_region_return": "#pragma dvm task blocks[4]\n#pragma dvm task_region(blocks)\n    { if (s) return 1; }",
# semantic
"on_rank_mismatch": "#pragma dvm parallel([i] on M[i])\n    for (i = 0; i < N; i++) s += 0;",
"nest_too_shallow": "#pragma dvm parallel([i][j] on M[i][j])\n    for (i = 0; i < N; i++) M[i][0] = i;",
"loop_var_mismatch": "#pragma dvm parallel([j] on A[j])\n    for (i = 0; i < N; i++) A[i] = i;",
"non_canonical_cond": "#pragma dvm parallel([i] on A[i])\n    for (i = 0; i != N; i++) A[i] = i;",
"non_canonical_inc": "#pragma dvm parallel([i] on A[i])\n    for (i = 0; i < N; i *= 2) A[i] = i;",
"wrong_direction": "#pragma dvm parallel([i] on A[i])\n    for (i = N - 1; i >= 0; i++) A[i] = i;",
"on_not_distributed": "#pragma dvm parallel([i] on a[i])\n    for (i = 0; i < N; i++) a[i] = i;",
"on_unknown_array": "#pragma dvm parallel([i] on Z[i])\n    for (i = 0; i < N; i++) A[i] = i;",
"scalar_race": "#pragma dvm parallel([i] on A[i])\n    for (i = 0; i < N; i++) { t = A[i]; A[i] = t * 2; }",
"reduction_unknown_var": "#pragma dvm parallel([i] on A[i]) reduction(sum(zz))\n    for (i = 0; i < N; i++) A[i] = i;",
"parallel_before_block": "#pragma dvm parallel([i] on A[i])\n    { A[0] = 1; }",
"region_before_loop": "#pragma dvm region\n    for (i = 0; i < N; i++) a[i] = i;",
"array_before_scalar": "#pragma dvm array distribute[block]\n    double x;",
"distribute_rank_mismatch": "#pragma dvm array distribute[block]\n    double B2[N][N];",
"shadow_rank_mismatch": "#pragma dvm array distribute[block][block], shadow[1]\n    double B2[N][N];",
"return_in_region": "#pragma dvm region\n    { if (s) return 1; }",
"shadow_renew_not_distributed": "#pragma dvm parallel([i] on A[i]) shadow_renew(a)\n    for (i = 1; i < N; i++) A[i] = a[i - 1];",
"get_actual_unknown": "#pragma dvm get_actual(nothere)\n    s = 1;",
"array_initializer": "#pragma dvm array distribute[block]\n    double B[3] = {1, 2, 3};",
"redistribute_rank": "#pragma dvm redistribute(M[block])\n    s = 1;",
"realign_not_array": "#pragma dvm realign(a[i] with A[i])\n    s = 1;",
"partial_subscript": "    double *row = M[1];\n    (void)row;",
"template_as_data": "    s = (T != 0);",
"reduction_struct": "#pragma dvm parallel([i] on A[i]) reduction(sum(p))\n    for (i = 0; i < N; i++) A[i] = i;",
# expressions pasted into the generated C: checked first (found by
# tests/unit/rewriter/mutate_directives.py)
"tie_index_array": "#pragma dvm parallel([i][j]) tie(M[M][j])\n    for (i = 0; i < N; i++) for (j = 0; j < N; j++) M[i][j] = i;",
"tie_index_undeclared": "#pragma dvm parallel([i][j]) tie(M[i][J])\n    for (i = 0; i < N; i++) for (j = 0; j < N; j++) M[i][j] = i;",
"on_index_function": "#pragma dvm parallel([i] on A[f])\n    for (i = 0; i < N; i++) A[i] = i;",
"on_index_struct": "#pragma dvm parallel([i] on A[p + i])\n    for (i = 0; i < N; i++) A[i] = i;",
"align_index_undeclared": "#pragma dvm array align([k] with A[h])\n    double B[N];",
"across_bad_width": "#pragma dvm parallel([i] on A[i]) across(A[3:#0])\n    for (i = 1; i < N; i++) A[i] = A[i - 1];",
"section_undeclared": "#pragma dvm region in(A[0:nn])\n    { s = 1; }",
"section_two_operands": "#pragma dvm get_actual(A[1 N])\n    s = 1;",
"interval_two_numbers": "#pragma dvm interval 1 2\n    { s = 1; }",
"number_too_large": "#pragma dvm parallel([i] on A[i]) shadow_renew(A[99999999999999999999])\n    for (i = 1; i < N; i++) A[i] = A[i - 1];",
"shadow_negative": "#pragma dvm array distribute[block], shadow[-1:1]\n    double B[N];",
"shadow_renew_negative": "#pragma dvm parallel([i] on A[i]) shadow_renew(A[0:-2])\n    for (i = 1; i < N; i++) A[i] = A[i - 1];",
"index_type_word": "#pragma dvm parallel([i] on A[void])\n    for (i = 0; i < N; i++) A[i] = i;",
"deref_not_pointer": "#pragma dvm parallel([i] on A[i]) shadow_renew(A[* j])\n    for (i = 1; i < N; i++) A[i] = A[i - 1];",
"address_as_width": "#pragma dvm parallel([i] on A[i]) shadow_renew(A[&j])\n    for (i = 1; i < N; i++) A[i] = A[i - 1];",
"call_not_function": "#pragma dvm interval 1 ( )\n    { s = 1; }",
"deref_constant": "#pragma dvm interval * (20)\n    { s = 1; }",
"reduction_twice": "#pragma dvm parallel([i] on A[i]) reduction(sum(t), max(t))\n    for (i = 0; i < N; i++) t += A[i];",
"minloc_same_array": "#pragma dvm parallel([i] on A[i]) reduction(minloc(t, t, 1))\n    for (i = 0; i < N; i++) t = A[i];",
"across_negative": "#pragma dvm parallel([i] on A[i]) across(A[-1:0])\n    for (i = 1; i < N; i++) A[i] = A[i - 1];",
}
head = """#include <stdio.h>
#define N 16
struct pair { int a, b; };
#pragma dvm array distribute[block]
double A[N];
#pragma dvm array distribute[block][block]
double M[N][N];
#pragma dvm template[N] distribute[block]
void *T;
double a[N];
int f(void)
{
    int i, j, s = 0;
    double t = 0;
    struct pair p = {0, 0};
    (void)t; (void)j; (void)p;
"""
tail = "\n    return s;\n}\n"
# further arguments: regenerate only these cases
only = set(sys.argv[3:])
for name, body in cases.items():
    if only and name not in only:
        continue
    src = head + body + tail
    path = os.path.join(out, name + ".c")
    with open(path, "w") as f:
        f.write(src)
    r = subprocess.run([sys.argv[2], path, "-o", "/dev/null"], capture_output=True, text=True)
    lines = [l for l in r.stderr.splitlines() if ": error: " in l]
    if r.returncode == 0 or not lines:
        print("NO ERROR:", name, r.stderr[:200])
        continue
    first = lines[0][len(out) + 1:]
    msg = first.split(": error: ", 1)
    loc = msg[0]
    hdr = "// RUN: %not %cdvmh %s -o /dev/null 2>&1 | FileCheck %s\n// CHECK: " + loc + ": error: " + msg[1] + "\n"
    # the CHECK line shifts the code by two lines: recompute after writing
    with open(path, "w") as f:
        f.write("// RUN: %not %cdvmh %s -o /dev/null 2>&1 | FileCheck %s\n// CHECK: PLACEHOLDER\n" + src)
    r = subprocess.run([sys.argv[2], path, "-o", "/dev/null"], capture_output=True, text=True)
    lines = [l for l in r.stderr.splitlines() if ": error: " in l]
    first = lines[0][len(out) + 1:]
    text = open(path).read().replace("PLACEHOLDER", first.replace("%", "%%") if False else first)
    with open(path, "w") as f:
        f.write(text)
    print(first)
