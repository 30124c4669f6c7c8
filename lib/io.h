/* io.h: what the rest of the runtime asks of the program's stdio. */
#ifndef DVMH_IO_H
#define DVMH_IO_H

#include <stdio.h>

/* From now on what the program prints to stdout goes to sink instead
 * (NULL: to stdout again); subtasks keep their output this way. */
void io_set_stdout(FILE *sink);

#endif
