/* alloc.h: the rewriter's one allocation path, naming the site on failure. */
#ifndef CDVMH_ALLOC_H
#define CDVMH_ALLOC_H

#include <stddef.h>

#define ALLOC_STR2(x) #x
#define ALLOC_STR(x) ALLOC_STR2(x)
#define ALLOC_SITE __FILE__ ":" ALLOC_STR(__LINE__)

void *alloc_malloc(size_t size, const char *site);
void *alloc_calloc(size_t count, size_t size, const char *site);
void *alloc_realloc(void *p, size_t size, const char *site);
char *alloc_strdup(const char *s, const char *site);
char *alloc_strndup(const char *s, size_t n, const char *site);
/* items (of size bytes each) with room for at least need of them; *cap
 * holds the room and grows by doubling. */
void *alloc_grow(void *items, int *cap, int need, size_t size, const char *site);

#define xmalloc(size) alloc_malloc((size), ALLOC_SITE)
#define xcalloc(count, size) alloc_calloc((count), (size), ALLOC_SITE)
#define xrealloc(p, size) alloc_realloc((p), (size), ALLOC_SITE)
#define xstrdup(s) alloc_strdup((s), ALLOC_SITE)
#define xstrndup(s, n) alloc_strndup((s), (n), ALLOC_SITE)
/* items = xgrow(items, &cap, need) */
#define xgrow(items, cap, need) alloc_grow((items), (cap), (need), sizeof *(items), ALLOC_SITE)

#endif
