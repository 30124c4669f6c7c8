/* cdvmh.h: the rewriter's interface: C-DVMH source in, C (and CUDA) out,
 * with diagnostics. Used by the clang plugin and by the cdvmh tool. */
#ifndef CDVMH_H
#define CDVMH_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum cdvmh_severity {
    CDVMH_REMARK, CDVMH_NOTE, CDVMH_WARNING, CDVMH_ERROR
} cdvmh_severity;

typedef struct cdvmh_diag {
    cdvmh_severity severity;
    char *file;                 /* as the user named it */
    unsigned line, column;      /* 1-based; column of the offending token */
    char *message;              /* without "error: " */
} cdvmh_diag;

typedef struct cdvmh_options {
    const char *file;                   /* the main source file */
    const char *const *clang_args;      /* -I, -D, -U, -std=..., -include ... */
    int nargs;
    int emit_cuda;                      /* also produce CUDA handlers */
    int remarks;                        /* report what was generated (-Rpass=dvmh) */
    int check;                          /* check mode: instrumented host handlers, no CUDA */
} cdvmh_options;

typedef struct cdvmh_output {
    char *host_c;               /* the rewritten C; NULL when errors */
    char *cuda;                 /* CUDA handlers; NULL if none/not asked */
    /* Relocatable device code (nvcc -rdc=true) when not NULL: the
     * functions of other files the kernels call and the functions defined
     * for other files' kernels, " f g " (either may be " "). */
    char *cuda_needs, *cuda_gives;
    int cuda_kernels;           /* whether the CUDA has kernels (not only functions for other files) */
    cdvmh_diag *diags;          /* in source order */
    size_t ndiags;
} cdvmh_output;

/* Returns the number of errors (0: success). out is always filled. */
int cdvmh_rewrite(const cdvmh_options *options, cdvmh_output *out);
void cdvmh_output_free(cdvmh_output *out);

/* The C that defines the module the CUDA launchers of 'file' launch from,
 * holding the compiled image (a fatbin); appended to the generated C, which
 * is then compiled with DVMH_CUDA_HANDLERS defined. needs, gives: the
 * output's cuda_needs and cuda_gives (relocatable device code, which the
 * module registers for the runtime's device link), or NULL. */
char *cdvmh_cuda_embed(const char *file, const void *image, size_t size, const char *needs,
                       const char *gives);

/* "file:line:col: error: message" plus the source line and a caret. */
void cdvmh_print_diag(const cdvmh_diag *d, void *stdio_file);

#ifdef __cplusplus
}
#endif
#endif
