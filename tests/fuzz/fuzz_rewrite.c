/* libFuzzer target: the whole rewriter (libclang parse, directives, code
 * generation with CUDA handlers and remarks) on the input as a C file. The
 * input goes to one temporary .c file, rewritten for each run; any input
 * must give the generated C or diagnostics: never a crash, a hang or a
 * leak of ours. */
#include "cdvmh.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char path[4096];
static int fd = -1;

static void remove_input(void)
{
    unlink(path);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    const char *dir = getenv("TMPDIR");
    snprintf(path, sizeof path, "%s/cdvmh-fuzz-XXXXXX.c", dir && *dir ? dir : "/tmp");
    fd = mkstemps(path, 2);
    if (fd < 0) {
        perror(path);
        exit(1);
    }
    atexit(remove_input);
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 16384)
        return 0;
    if (ftruncate(fd, 0) || pwrite(fd, data, size, 0) != (ssize_t)size) {
        perror(path);
        abort();
    }
    cdvmh_options opt = {.file = path, .emit_cuda = 1, .remarks = 1};
    cdvmh_output out;
    int errors = cdvmh_rewrite(&opt, &out);
    if (errors && out.host_c)
        abort();        /* errors give no C */
    if (!errors && !out.host_c)
        abort();        /* success gives C */
    cdvmh_output_free(&out);
    return 0;
}
