/* context.h: the runtime's one context: the directive being run. */
#ifndef DVMH_CONTEXT_H
#define DVMH_CONTEXT_H

#include <stdbool.h>

typedef struct dvmh_context {
    /* the directive being run: errors raised below it without a source
     * position of their own (device errors) name this one */
    const char *site_file;
    int site_line;
    /* handlers are running (their threads may call into the runtime) */
    bool in_handlers;
} dvmh_context;

dvmh_context *dvmh_ctx(void);
/* How dvmh_fatal stops the program from now on (start-up installs the
 * communication layer's abort, which stops every process); before, an
 * error ends this process. */
void context_set_stop(void (*stop)(int status));
/* Whether dvmh_fatal is stopping the program: what exit() runs then (the
 * runtime's own atexit handler) must not wait for anything (a device
 * thread may be the one that failed, other processes are being killed). */
bool context_stopping(void);

#endif
