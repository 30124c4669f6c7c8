/* check_scalar.h: check mode's checks of private and reduction variables
 * in a parallel loop's host handler (check_scalar.c, check_update.c). */
#ifndef CDVMH_CHECK_SCALAR_H
#define CDVMH_CHECK_SCALAR_H

#include "loop.h"

/* A private variable, a reduction variable or a location variable. */
typedef struct chk_var {
    int decl;
    char *name;
    int red;                        /* its reduction; -1: a private variable */
    bool loc;                       /* a reduction's location variable */
    bool skip;                      /* a private not checked (used in a macro) */
} chk_var;

typedef struct chk {
    gen *g;
    const loop_plan *p;
    chk_var *vars;
    int nvars, cap;
    bool *accepted;                 /* per node: a use in its reduction's update */
    strbuf pre;                     /* calls before a body that is one statement */
} chk;

/* The variable DeclRefExpr n refers to, or -1. */
int chk_var_of(chk *c, int n);
/* Whether expression n's value is unused: a statement of its own, or the
 * first or third part of a 'for' header. */
bool chk_value_unused(chk *c, int n);
/* check_update.c: marks the uses of reduction and location variables in
 * the updates of their reductions under body. */
void chk_updates(chk *c, int body);

/* Instruments loop p's body for the host handler (check mode). */
void check_scalar_loop(gen *g, const loop_plan *p);

#endif
