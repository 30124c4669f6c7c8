/* map_reader.h: the token reader of the dvmh-map text formats: numbers
 * separated by blanks or newlines, '#' to the end of a line is a comment;
 * every error names the line. */
#ifndef MAP_READER_H
#define MAP_READER_H

#include <stdio.h>

typedef struct map_reader {
    FILE *in;
    int line;
    char *err;
    int errlen;
} map_reader;

void map_reader_init(map_reader *r, FILE *in, char *err, int errlen);
/* Each returns 0, or -1 with "line L: ..." in err naming what was expected. */
int map_read_long(map_reader *r, long lo, long hi, long *out, const char *what);
int map_read_double(map_reader *r, double lo, double hi, int lo_open, double *out,
                    const char *what);
/* 0 at the end of the input, -1 with an error when something follows. */
int map_read_end(map_reader *r, const char *after);
/* Sets err to "line L: " followed by the formatted reason; returns -1. */
int map_read_fail(map_reader *r, const char *fmt, ...);

#endif
