/* dvmh_io.h: input and output through the I/O process.
 * Part of dvmh.h, the runtime's public interface. */
#ifndef DVMH_PUBLIC_IO_H
#define DVMH_PUBLIC_IO_H

#include "dvmh_core.h"
#include <stdio.h>
#include <stdarg.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------
 * Input and output: performed once by the I/O process, results shared.
 * ------------------------------------------------------------------------ */
int dvmh_printf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
int dvmh_fprintf(FILE *f, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
int dvmh_vprintf(const char *fmt, va_list ap);
int dvmh_vfprintf(FILE *f, const char *fmt, va_list ap);
int dvmh_puts(const char *s);
int dvmh_fputs(const char *s, FILE *f);
int dvmh_putchar(int c);
int dvmh_fputc(int c, FILE *f);
int dvmh_putc(int c, FILE *f);
FILE *dvmh_fopen(const char *path, const char *mode);
int dvmh_fclose(FILE *f);
int dvmh_fflush(FILE *f);
size_t dvmh_fwrite(const void *ptr, size_t size, size_t n, FILE *f);
size_t dvmh_fread(void *ptr, size_t size, size_t n, FILE *f);
int dvmh_fscanf(FILE *f, const char *fmt, ...);
int dvmh_scanf(const char *fmt, ...);
char *dvmh_fgets(char *s, int n, FILE *f);
int dvmh_fgetc(FILE *f);
int dvmh_getc(FILE *f);
int dvmh_getchar(void);
int dvmh_feof(FILE *f);
int dvmh_ferror(FILE *f);
void dvmh_rewind(FILE *f);
int dvmh_fseek(FILE *f, long off, int whence);
long dvmh_ftell(FILE *f);
int dvmh_remove(const char *path);
int dvmh_rename(const char *from, const char *to);
void dvmh_perror(const char *s);

#ifdef __cplusplus
}
#endif
#endif
