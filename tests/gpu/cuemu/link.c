/* link.c: cuemu's device linker (cuLinkCreate, cuLinkAddData,
 * cuLinkComplete, cuLinkDestroy). nvcc-emu -rdc=true writes relocatable
 * images: CUEMU_RDC_MAGIC, the size, an ELF object that may call
 * functions it does not define. The linker links such objects into a
 * shared object with the host's compiler driver ($CUEMU_CXX, else
 * clang++-19, else clang++), refusing undefined and duplicate symbols as
 * nvlink does, and returns it as an image cuModuleLoadData takes. A
 * relocatable image given to cuModuleLoadData itself loads only when it
 * links alone (no unresolved functions), as on a GPU. */
#define _GNU_SOURCE
#include "cuemu.h"

#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

enum { JIT_ERROR_LOG_BUFFER = 5, JIT_ERROR_LOG_BUFFER_SIZE_BYTES = 6 };
enum { JIT_INPUT_CUBIN = 0, JIT_INPUT_FATBINARY = 2, JIT_INPUT_OBJECT = 3 };

struct CUlinkState_st {
    char dir[4096];                 /* the objects, the linked result */
    int nobjects;
    char *log;                      /* CU_JIT_ERROR_LOG_BUFFER, or NULL */
    size_t log_size;
    unsigned char *image;           /* cuLinkComplete's result */
};
typedef struct CUlinkState_st *CUlinkState;

static unsigned long long image_size(const unsigned char *image)
{
    unsigned long long size = 0;
    for (int k = 7; k >= 0; k--)
        size = size << 8 | image[8 + k];
    return size;
}

static void link_log(CUlinkState s, const char *text)
{
    if (!s->log || !s->log_size)
        return;
    size_t used = strlen(s->log);
    snprintf(s->log + used, s->log_size - used, "%s", text);
}

CUresult cuLinkCreate_v2(unsigned nopts, int *opts, void **values, CUlinkState *out)
{
    if (!out || (nopts && (!opts || !values)))
        return CUDA_ERROR_INVALID_VALUE;
    if (!cuemu_current())
        return CUDA_ERROR_INVALID_CONTEXT;
    CUlinkState s = calloc(1, sizeof *s);
    if (!s)
        return CUDA_ERROR_OUT_OF_MEMORY;
    for (unsigned k = 0; k < nopts; k++) {
        if (opts[k] == JIT_ERROR_LOG_BUFFER)
            s->log = values[k];
        else if (opts[k] == JIT_ERROR_LOG_BUFFER_SIZE_BYTES)
            s->log_size = (size_t)(uintptr_t)values[k];
    }
    if (s->log && s->log_size)
        s->log[0] = 0;
    const char *tmp = getenv("TMPDIR");
    int n = snprintf(s->dir, sizeof s->dir, "%s/cuemu-link-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (n < 0 || (size_t)n >= sizeof s->dir || !mkdtemp(s->dir)) {
        free(s);
        return CUDA_ERROR_OUT_OF_MEMORY;
    }
    *out = s;
    return CUDA_SUCCESS;
}

CUresult cuLinkAddData_v2(CUlinkState s, int type, void *data, size_t size, const char *name,
                          unsigned nopts, int *opts, void **values)
{
    (void)name, (void)nopts, (void)opts, (void)values;
    if (!s || !data)
        return CUDA_ERROR_INVALID_VALUE;
    if (type != JIT_INPUT_CUBIN && type != JIT_INPUT_FATBINARY && type != JIT_INPUT_OBJECT)
        return CUDA_ERROR_INVALID_VALUE;
    const unsigned char *img = data;
    if (size < CUEMU_HEADER_SIZE || memcmp(img, CUEMU_RDC_MAGIC, 8) != 0) {
        bool whole = size >= CUEMU_HEADER_SIZE && memcmp(img, CUEMU_MAGIC, 8) == 0;
        link_log(s, whole ? "cuemu: not relocatable device code (compile with -rdc=true)\n"
                          : "cuemu: not an image from nvcc-emu\n");
        return whole ? CUDA_ERROR_INVALID_IMAGE : CUDA_ERROR_NO_BINARY_FOR_GPU;
    }
    unsigned long long n = image_size(img);
    if (n > size - CUEMU_HEADER_SIZE)
        return CUDA_ERROR_INVALID_IMAGE;
    char path[96];
    snprintf(path, sizeof path, "%s/%d.o", s->dir, s->nobjects);
    FILE *f = fopen(path, "wb");
    bool ok = f && fwrite(img + CUEMU_HEADER_SIZE, 1, n, f) == n;
    if (f && fclose(f))
        ok = false;
    if (!ok)
        return CUDA_ERROR_OUT_OF_MEMORY;
    s->nobjects++;
    return CUDA_SUCCESS;
}

static const char *linker(void)
{
    const char *env = getenv("CUEMU_CXX");
    if (env && *env)
        return env;
    static const char *const known[] = {"clang++-19", "clang++"};
    static char found[4096];
    const char *path = getenv("PATH");
    for (int k = 0; k < 2; k++)
        for (const char *p = path ? path : "/usr/bin"; *p;) {
            size_t n = strcspn(p, ":");
            snprintf(found, sizeof found, "%.*s/%s", (int)n, p, known[k]);
            if (n && !access(found, X_OK))
                return found;
            p += n + (p[n] == ':');
        }
    return "clang++";
}

/* Links the objects into dir/image.so; false with the linker's messages
 * in the log. */
static bool run_linker(CUlinkState s)
{
    char out[96], log[96];
    snprintf(out, sizeof out, "%s/image.so", s->dir);
    snprintf(log, sizeof log, "%s/link.log", s->dir);
    int n = s->nobjects;
    char **argv = calloc((size_t)n + 10, sizeof *argv);
    char (*objs)[96] = calloc((size_t)n + 1, sizeof *objs);
    if (!argv || !objs) {
        free(argv);
        free(objs);
        return false;
    }
    int a = 0;
    argv[a++] = (char *)linker();
    argv[a++] = "-shared";
    argv[a++] = "-o";
    argv[a++] = out;
    for (int k = 0; k < n; k++) {
        snprintf(objs[k], sizeof objs[k], "%s/%d.o", s->dir, k);
        argv[a++] = objs[k];
    }
    argv[a++] = "-Wl,--no-undefined";      /* an unresolved device function fails */
    argv[a++] = "-Wl,-Bsymbolic";
    argv[a++] = "-lm";
    argv[a] = NULL;
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 1, log, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    posix_spawn_file_actions_adddup2(&fa, 1, 2);
    pid_t pid;
    int rc = posix_spawnp(&pid, argv[0], &fa, NULL, argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    int status = 1;
    if (rc == 0)
        while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
            ;
    else
        fprintf(stderr, "cuemu: cannot run the linker %s: %s\n", argv[0], strerror(rc));
    free(argv);
    free(objs);
    bool ok = rc == 0 && WIFEXITED(status) && WEXITSTATUS(status) == 0;
    if (!ok) {
        FILE *f = fopen(log, "r");
        char buf[512];
        size_t got;
        while (f && (got = fread(buf, 1, sizeof buf - 1, f)) > 0) {
            buf[got] = 0;
            link_log(s, buf);
        }
        if (f)
            fclose(f);
    }
    return ok;
}

CUresult cuLinkComplete(CUlinkState s, void **image, size_t *size)
{
    if (!s || !image || !size || !s->nobjects)
        return CUDA_ERROR_INVALID_VALUE;
    if (!run_linker(s))
        return CUDA_ERROR_INVALID_IMAGE;
    char out[96];
    snprintf(out, sizeof out, "%s/image.so", s->dir);
    FILE *f = fopen(out, "rb");
    if (!f)
        return CUDA_ERROR_INVALID_IMAGE;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    free(s->image);
    s->image = malloc(CUEMU_HEADER_SIZE + (size_t)n);
    bool ok = s->image && fread(s->image + CUEMU_HEADER_SIZE, 1, (size_t)n, f) == (size_t)n;
    fclose(f);
    if (!ok)
        return CUDA_ERROR_OUT_OF_MEMORY;
    memcpy(s->image, CUEMU_MAGIC, 8);
    for (int k = 0; k < 8; k++)
        s->image[8 + k] = (unsigned char)((unsigned long long)n >> (8 * k));
    *image = s->image;
    *size = CUEMU_HEADER_SIZE + (size_t)n;
    return CUDA_SUCCESS;
}

CUresult cuLinkDestroy(CUlinkState s)
{
    if (!s)
        return CUDA_ERROR_INVALID_VALUE;
    for (int k = 0; k <= s->nobjects; k++) {
        char path[96];
        snprintf(path, sizeof path, k < s->nobjects ? "%s/%d.o" : "%s/image.so", s->dir, k);
        unlink(path);
    }
    char log[96];
    snprintf(log, sizeof log, "%s/link.log", s->dir);
    unlink(log);
    rmdir(s->dir);
    free(s->image);
    free(s);
    return CUDA_SUCCESS;
}

unsigned char *cuemu_link_alone(const unsigned char *image, size_t size)
{
    CUlinkState s;
    char log[2048];
    int opts[] = {JIT_ERROR_LOG_BUFFER, JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
    void *values[] = {log, (void *)(uintptr_t)sizeof log};
    if (cuLinkCreate_v2(2, opts, values, &s))
        return NULL;
    unsigned char *copy = NULL;
    void *linked;
    size_t n;
    if (!cuLinkAddData_v2(s, JIT_INPUT_OBJECT, (void *)image, size, "image", 0, NULL, NULL) &&
        !cuLinkComplete(s, &linked, &n)) {
        copy = malloc(n);
        if (copy)
            memcpy(copy, linked, n);
    } else {
        fprintf(stderr, "cuemu: cuModuleLoadData: relocatable device code that does not link "
                        "alone (unresolved extern function? link it with cuLink*):\n%s", log);
    }
    cuLinkDestroy(s);
    return copy;
}
