/* cdvmh_main.c: the cdvmh tool: C-DVMH in, the generated C out. */
#include "alloc.h"
#include "cdvmh.h"
#include "strbuf.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void usage(FILE *f)
{
    fputs("usage: cdvmh [options] FILE.c [-o OUT.c] [--cuda-out OUT.cu]\n"
          "  -o FILE          write the generated C there (default: standard output)\n"
          "  --cuda-out FILE  also generate CUDA handlers: the kernels go there, their\n"
          "                   launchers into the C (under #ifdef DVMH_CUDA_HANDLERS)\n"
          "  -I DIR, -D M[=V], -U M, -std=STD, -include FILE\n"
          "                   passed to the parser as to the compiler\n"
          "  --remarks        report what was generated for each parallel loop\n"
          "  --check          check mode (dvmcc -fdvmh-check): instrumented handlers\n"
          "  --help           this text\n",
          f);
}

int main(int argc, char **argv)
{
    const char *input = NULL, *output = NULL, *cuda_output = NULL;
    const char **args = xcalloc((size_t)argc + 2, sizeof(char *));
    int nargs = 0, remarks = 0, check = 0;
    for (int k = 1; k < argc; k++) {
        const char *a = argv[k];
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage(stdout);
            free(args);
            return 0;
        } else if (!strcmp(a, "-o") && k + 1 < argc) {
            output = argv[++k];
        } else if (!strcmp(a, "--cuda-out") && k + 1 < argc) {
            cuda_output = argv[++k];
        } else if (!strcmp(a, "--remarks") || !strcmp(a, "-Rpass=dvmh")) {
            remarks = 1;
        } else if (!strcmp(a, "--check") || !strcmp(a, "-fdvmh-check")) {
            check = 1;
        } else if ((!strcmp(a, "-I") || !strcmp(a, "-D") || !strcmp(a, "-U") ||
                    !strcmp(a, "-include")) && k + 1 < argc) {
            args[nargs++] = a;
            args[nargs++] = argv[++k];
        } else if (a[0] == '-' && (a[1] == 'I' || a[1] == 'D' || a[1] == 'U' || !strncmp(a, "-std=", 5))) {
            args[nargs++] = a;
        } else if (a[0] == '-') {
            fprintf(stderr, "cdvmh: unknown option '%s'\n", a);
            usage(stderr);
            free(args);
            return 2;
        } else if (!input) {
            input = a;
        } else {
            fprintf(stderr, "cdvmh: one input file only ('%s' and '%s')\n", input, a);
            free(args);
            return 2;
        }
    }
    /* an installed cdvmh finds dvmh.h next to it: <prefix>/include/cdvmh */
    char *include_arg = NULL;
    char *self = realpath("/proc/self/exe", NULL);
    char *slash = self ? strrchr(self, '/') : NULL;
    if (slash) {
        *slash = 0;
        include_arg = str_printf("-I%s/../include/cdvmh", self);
        args[nargs++] = include_arg;
    }
    free(self);
    if (!input) {
        usage(stderr);
        free(include_arg);
        free(args);
        return 2;
    }
    cdvmh_options opt = {input, args, nargs, cuda_output != NULL, remarks, check};
    cdvmh_output out;
    int errors = cdvmh_rewrite(&opt, &out);
    for (size_t k = 0; k < out.ndiags; k++)
        cdvmh_print_diag(&out.diags[k], stderr);
    if (errors) {
        fprintf(stderr, "%d error%s generated.\n", errors, errors == 1 ? "" : "s");
    } else {
        bool to_stdout = !output || !strcmp(output, "-");
        FILE *f = to_stdout ? stdout : fopen(output, "w");
        if (!f) {
            fprintf(stderr, "cdvmh: cannot write '%s'\n", output);
            errors = 1;
        } else {
            fputs(out.host_c, f);
            if (!to_stdout)
                fclose(f);
        }
        /* no loop with a kernel: an empty CUDA file, so build rules stay simple */
        FILE *cf = cuda_output ? fopen(cuda_output, "w") : NULL;
        if (cuda_output && !cf) {
            fprintf(stderr, "cdvmh: cannot write '%s'\n", cuda_output);
            errors = 1;
        } else if (cf) {
            fputs(out.cuda ? out.cuda : "/* no CUDA handlers */\n", cf);
            fclose(cf);
        }
    }
    cdvmh_output_free(&out);
    free(include_arg);
    free(args);
    return errors ? 1 : 0;
}
