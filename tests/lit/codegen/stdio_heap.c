// RUN: %cdvmh %s -o - | grep -v "^// " | FileCheck %s
// stdio and heap calls go through the runtime; user functions of the same name do not.
#include <stdio.h>
#include <stdlib.h>
static int puts_count(const char *s) { return (int)(s != 0); }
int main(int argc, char **argv)
{
// CHECK: double *p = dvmh_malloc(10 * sizeof(double));
    double *p = malloc(10 * sizeof(double));
// CHECK: FILE *f = dvmh_fopen("x.txt", "w");
    FILE *f = fopen("x.txt", "w");
// CHECK: dvmh_fprintf(f, "%d\n", argc);
    fprintf(f, "%d\n", argc);
// CHECK: dvmh_fclose(f);
    fclose(f);
// CHECK: dvmh_printf("%s\n", argv[0]);
    printf("%s\n", argv[0]);
// CHECK: puts_count("x");
    puts_count("x");
// CHECK: dvmh_free(p);
    free(p);
    return 3;
}
// CHECK: return dvmh_finish(dvmh_user_main(argc, argv));
