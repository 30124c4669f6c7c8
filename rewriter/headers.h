/* headers.h: declarations that come from included headers. The rewriter
 * edits only the main file; a header's `#pragma dvm array` declarations
 * become descriptors in the generated text of every file that includes it
 * (see headers.c). */
#ifndef CDVMH_HEADERS_H
#define CDVMH_HEADERS_H

#include "gen.h"

/* After the tree is built: the user headers the main file includes, their
 * file-scope variables (foreign nodes of the tree, so that lookups and
 * references find them), their directives, parsed and attached. */
void headers_scan(gen *g);
/* The header declarations and the main file's redeclarations of header
 * arrays that lie before pos (the main file's offset; a header's
 * declarations lie at its #include), in that order. */
void headers_declare_before(gen *g, size_t pos);
/* After every declaration: checks, and the edits around the main file's
 * #include lines. */
void headers_finish(gen *g);
void headers_free(gen *g);
/* The text of user header k (0 <= k < headers_count(g)), as read. */
int headers_count(const gen *g);
const char *headers_text(const gen *g, int k, size_t *len);

#endif
