/* io_test.c: the program's stdio on several processes: output appears once
 * and equals the one-process output (checked by the test script against
 * io_test.expected); input read by the I/O process reaches every process;
 * file state answers agree everywhere; fwrite/fread of a distributed array
 * move its elements in sequential order. Argument: a scratch file path. */
#include <dvmh.h>
#include <stdio.h>
#include <string.h>

static int failures;

/* Checked on every process: a process that got other data fails. */
#define CHECK(cond)                                                          \
    do {                                                                     \
        if (!(cond)) {                                                       \
            fprintf(stderr, "process %d: %s:%d: check failed: %s\n",         \
                    dvmh_process_rank(), __FILE__, __LINE__, #cond);         \
            failures++;                                                      \
        }                                                                    \
    } while (0)

enum { N = 7, M = 5 };

static void check_text_files(const char *path)
{
    FILE *f = dvmh_fopen(path, "w");
    CHECK(f != NULL);
    CHECK(dvmh_fprintf(f, "%d %s %g\n", 42, "word", 2.5) == 12);
    CHECK(dvmh_fputs("line two\n", f) >= 0);
    CHECK(dvmh_fputc('Z', f) == 'Z');
    CHECK(dvmh_putc('\n', f) == '\n');
    CHECK(dvmh_fprintf(f, "%ld %s\n", 123456789L, "ab") == 13);
    CHECK(dvmh_fclose(f) == 0);

    f = dvmh_fopen(path, "r");
    CHECK(f != NULL);
    int i = 0;
    char word[16] = "";
    double d = 0;
    CHECK(dvmh_fscanf(f, "%d %15s %lf ", &i, word, &d) == 3);
    CHECK(i == 42 && !strcmp(word, "word") && d == 2.5);
    char line[32] = "";
    CHECK(dvmh_fgets(line, sizeof line, f) == line);
    CHECK(!strcmp(line, "line two\n"));
    CHECK(dvmh_fgetc(f) == 'Z');
    CHECK(dvmh_getc(f) == '\n');
    long pos = dvmh_ftell(f);
    CHECK(pos == 23);
    long big = 0;
    char c2[2] = {0, 0};
    int consumed = -1;
    CHECK(dvmh_fscanf(f, "%ld %2c%n", &big, c2, &consumed) == 2);
    CHECK(big == 123456789L && c2[0] == 'a' && c2[1] == 'b' && consumed == 12);
    CHECK(dvmh_fseek(f, 3, SEEK_SET) == 0);
    CHECK(dvmh_fscanf(f, "%4s", word) == 1 && !strcmp(word, "word"));
    dvmh_rewind(f);
    short s = 0;
    CHECK(dvmh_fscanf(f, "%hd", &s) == 1 && s == 42);
    while (dvmh_fgetc(f) != EOF)
        ;
    CHECK(dvmh_feof(f) != 0);
    CHECK(dvmh_ferror(f) == 0);
    CHECK(dvmh_fscanf(f, "%d", &i) == EOF);
    CHECK(dvmh_fgets(line, sizeof line, f) == NULL);
    CHECK(dvmh_fclose(f) == 0);

    /* Failures are the same everywhere. */
    CHECK(dvmh_fopen("/nonexistent/dir/file", "r") == NULL);
    CHECK(dvmh_remove("/nonexistent/dir/file") != 0);
    char moved[512];
    snprintf(moved, sizeof moved, "%s.moved", path);
    CHECK(dvmh_rename(path, moved) == 0);
    CHECK(dvmh_remove(moved) == 0);
}

static void check_distributed_binary(const char *path)
{
    dvmh_array *a = dvmh_array_create(__FILE__, __LINE__, 2, sizeof(double), DVMH_T_DOUBLE,
                                      (dvmh_idx[]){N, M}, NULL, NULL,
                                      (dvmh_distr[]){{DVMH_DISTR_BLOCK, NULL, 0, 0},
                                                     {DVMH_DISTR_BLOCK, NULL, 0, 0}});
    for (int i = 0; i < N; i++)
        for (int j = 0; j < M; j++)
            if (DVMH_OWNS(a, i, j))
                DVMH_AT2(a, double, i, j) = i * 10 + j;
    FILE *f = dvmh_fopen(path, "wb");
    CHECK(dvmh_fwrite(a, sizeof(double), N * M, f) == N * M);
    CHECK(dvmh_fwrite(a, sizeof(double) * M, 2, f) == 2);     /* the first two rows again */
    CHECK(dvmh_fclose(f) == 0);

    /* Read back as ordinary data: the sequential order. */
    double plain[N * M + 2 * M];
    memset(plain, 0, sizeof plain);
    f = dvmh_fopen(path, "rb");
    CHECK(dvmh_fread(plain, sizeof(double), N * M + 2 * M + 3, f) == N * M + 2 * M);
    int wrong = 0;
    for (int k = 0; k < N * M; k++)
        wrong += plain[k] != (k / M) * 10 + k % M;
    for (int k = 0; k < 2 * M; k++)
        wrong += plain[N * M + k] != (k / M) * 10 + k % M;
    CHECK(wrong == 0);

    /* Read into a distributed array with another distribution. */
    dvmh_array *b = dvmh_array_create(__FILE__, __LINE__, 2, sizeof(double), DVMH_T_DOUBLE,
                                      (dvmh_idx[]){N, M}, NULL, NULL,
                                      (dvmh_distr[]){{DVMH_DISTR_NONE, NULL, 0, 0},
                                                     {DVMH_DISTR_BLOCK, NULL, 0, 0}});
    dvmh_rewind(f);
    CHECK(dvmh_fread(b, sizeof(double), N * M, f) == N * M);
    wrong = 0;
    for (int i = 0; i < N; i++)
        for (int j = 0; j < M; j++)
            if (DVMH_OWNS(b, i, j))
                wrong += DVMH_AT2(b, double, i, j) != i * 10 + j;
    CHECK(wrong == 0);
    CHECK(dvmh_fclose(f) == 0);
    CHECK(dvmh_remove(path) == 0);
    dvmh_array_destroy(b);
    dvmh_array_destroy(a);
}

int main(int argc, char **argv)
{
    dvmh_init(&argc, &argv);
    if (argc < 2) {
        dvmh_fprintf(stderr, "usage: io_test SCRATCH-FILE\n");
        return dvmh_finish(2);
    }
    /* Output: once, in order. */
    dvmh_printf("hello %d %s\n", 1, "two");
    dvmh_puts("a line");
    dvmh_putchar('x');
    dvmh_putchar('\n');
    dvmh_fputs("to stdout\n", stdout);
    CHECK(dvmh_printf("%5.2f|\n", 3.14159) == 7);
    CHECK(dvmh_puts("") >= 0);
    dvmh_fflush(stdout);

    /* Standard input (given by the test): read by the I/O process only,
     * the values reach every process. */
    int x = 0, y = 0;
    char name[8] = "";
    CHECK(dvmh_scanf("%d %d %7s", &x, &y, name) == 3);
    CHECK(x == 5 && y == -7 && !strcmp(name, "input"));
    CHECK(dvmh_getchar() == '\n');
    char rest[32] = "";
    CHECK(dvmh_fgets(rest, sizeof rest, stdin) == rest && !strcmp(rest, "last line\n"));
    CHECK(dvmh_getchar() == EOF);
    dvmh_printf("sum %d of %s\n", x + y, name);

    check_text_files(argv[1]);
    check_distributed_binary(argv[1]);

    dvmh_printf("done\n");
    return dvmh_finish(failures != 0);
}
