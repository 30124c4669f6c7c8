/* host_mem.h: the host memory of distributed arrays' local parts. */
#ifndef DVMH_HOST_MEM_H
#define DVMH_HOST_MEM_H

#include <stdbool.h>
#include <stddef.h>

/* Zeroed memory for count elements of size bytes (a stop naming the site
 * when there is none). A block of several huge pages is mapped on its own,
 * aligned to a huge page and offered to the kernel for transparent huge
 * pages (madvise), unless DVMH_HUGE_PAGES=0: the stencils over large arrays
 * then miss the TLB far less than over ordinary 4 KiB pages, and the pages
 * are still touched first by the loop that writes them. */
void *host_mem_alloc(size_t count, size_t size, const char *file, int line);
/* Frees a block from host_mem_alloc (NULL: nothing). */
void host_mem_free(void *p);
/* Page-locking for transfers between the host and GPUs: whether the
 * bytes at p lie in one mapped block (a large one from host_mem_alloc) that
 * is page-locked. On the block's first call pin(block, bytes) locks it
 * (false: refused, and not asked again); host_mem_free then calls
 * unpin(block) before unmapping it, and host_mem_unpin_all unlocks every
 * block (a backend closing). Small blocks and memory from elsewhere: false. */
typedef bool (*host_pin_fn)(void *block, size_t bytes);
typedef void (*host_unpin_fn)(void *block);
bool host_mem_pin(const void *p, size_t bytes, host_pin_fn pin, host_unpin_fn unpin);
void host_mem_unpin_all(void);
/* Reads DVMH_HUGE_PAGES (at start-up, so that a bad value stops early). */
void host_mem_start(void);

#endif
