/* env.c: DVMH_* configuration variables. A bad value stops the program
 * with a message naming the variable; it never becomes a silent default. */
#include "internal.h"
#include "comm.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

int env_int(const char *name, int default_value, int min_value)
{
    const char *text = getenv(name);
    if (!text || !*text)
        return default_value;
    char *end;
    errno = 0;
    long v = strtol(text, &end, 10);
    while (*end == ' ')
        end++;
    if (errno || *end || v < min_value || v > 1 << 20) {
        if (comm_process_rank() == 0)
            fprintf(stderr, "dvmh: error: %s='%s' is not an integer >= %d\n", name, text,
                    min_value);
        comm_abort(1);
    }
    return (int)v;
}
