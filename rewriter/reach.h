/* reach.h: how far a parallel loop's references to an array reach. */
#ifndef CDVMH_REACH_H
#define CDVMH_REACH_H

#include "gen.h"

/* "    dvmh_loop_reach(...);\n" for data k of a loop whose body is node
 * body, or NULL when its references are not all 'loop variable +
 * constant' in some dimension. The call's three arrays are file-scope
 * constants named after prefix, whose definitions are appended to decls
 * (text for file scope before the loop's function): compound literals in
 * the user's function were an eighth of a file's compile (allocas and
 * stores in a large function, for each loop and array). */
char *reach_call(gen *g, int body, int decl, int rank, char *const *vars, int nvars, int k,
                 const char *prefix, strbuf *decls);

/* Whether the loop's references to an array may reach diagonally against
 * the loop order (A[i-1][j+1] or A[i+1][j-1] with upward loops: offsets
 * pointing to an earlier iteration in one dimension and a later one in
 * another; down[v] says loop variable v runs downwards, which turns its
 * offsets round), or in ways it cannot tell: an across pipeline must then
 * keep the order of the outermost loop dimension. */
bool reach_skewed(gen *g, int body, int decl, int rank, char *const *vars, const bool *down,
                  int nvars);

/* Whether the iterations with different values of loop variable v touch
 * different elements of the array: in some dimension every reference's
 * subscript is v itself (A[i][j] and A[i-1][j] with v = j). Threads that
 * share v's values then never touch each other's elements of it. False
 * for a reference it cannot read. */
bool reach_disjoint(gen *g, int body, int decl, int rank, char *const *vars, int nvars, int v);

/* The loop variable that indexes each dimension of the array in every
 * reference ('v + constant', the same v): var_of[d], the variable's
 * index, and the constants' range lo[d]..hi[d]; -1 (and 0..0) where the
 * references disagree or are of another form. False at a reference it
 * cannot read (not through full subscripts). */
bool reach_index_vars(gen *g, int body, int decl, int rank, char *const *vars, int nvars,
                      int *var_of, long long *lo, long long *hi);

/* Whether every iteration of the loop writes the array at one element:
 * all its references are the same 'v + constant' in every dimension, each
 * of another loop variable, the innermost body (node body) has no jumps
 * (continue, break, goto, return) and one of its statements, not inside
 * any loop, is an assignment to that element (or an if/else that assigns
 * it in both branches). With unit
 * steps the iterations then write every element of their image, and data
 * a region names in 'out' need not be copied in there. */
bool reach_dense_write(gen *g, int body, int decl, int rank, char *const *vars, int nvars);

#endif
