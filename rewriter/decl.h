/* decl.h: declarations of distributed arrays, templates, inherit parameters. */
#ifndef CDVMH_DECL_H
#define CDVMH_DECL_H

#include "gen.h"

/* One array, template or inherit directive of the main file. */
void decl_directive(gen *g, attached *at);
/* After every distributed declaration: automatic arrays begin a new
 * lifetime where they are declared. */
void decl_fresh_locals(gen *g);
/* The declaration of the directive at->dir governs (node at->node) becomes
 * descriptors; their creation goes where the declaration is. */
void decl_group(gen *g, attached *at);
dobj *decl_add_obj(gen *g);
/* The element type under an array's (or a pointer's) levels. */
CXType decl_element_type(CXType t, int *levels);
/* The creation code of one object (a statement, no newline); file is the C
 * expression of its file name ("__FILE__"). */
char *decl_creation(gen *g, dobj *o, const directive *d, char **dims, int rank, const char *file,
                    unsigned line);

#endif
