/* scope.h: what a name in a directive's expression is, in the C scope of
 * the directive (the parser's dir_scope over the libclang tree). */
#ifndef CDVMH_SCOPE_H
#define CDVMH_SCOPE_H

#include "ast.h"
#include "directive.h"

typedef struct scope_name {
    char *name;
    dir_name_kind kind;
    CXCursor cursor;
} scope_name;

typedef struct name_scope {
    const ast *a;
    size_t offset;                  /* where the directive stands */
    scope_name *globals;            /* file scope, headers and macros included */
    int global_count, global_cap;
    bool globals_built;
} name_scope;

/* The dir_scope of s (lookup over s, at s->offset). */
dir_scope scope_of(name_scope *s);
void scope_free(name_scope *s);

#endif
