/* grid_test.c: parsing of DVMH_PROC_GRID and the choice of a grid shape
 * from the process count and the extents. */
#include "grid.h"

#include <stdio.h>
#include <string.h>

static int failures;

#define CHECK(cond)                                                          \
    do {                                                                     \
        if (!(cond)) {                                                       \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, \
                    #cond);                                                  \
            failures++;                                                      \
        }                                                                    \
    } while (0)

static void check_parse_ok(const char *text, int count, int rank, int d0, int d1, int d2)
{
    int dims[7] = {0};
    char why[200] = "";
    int got = grid_parse(text, count, 7, dims, why, sizeof why);
    if (got != rank)
        fprintf(stderr, "parse '%s' on %d: rank %d (%s)\n", text, count, got, why);
    CHECK(got == rank);
    CHECK(dims[0] == d0);
    if (rank > 1)
        CHECK(dims[1] == d1);
    if (rank > 2)
        CHECK(dims[2] == d2);
}

static void check_parse_bad(const char *text, int count, const char *reason_part)
{
    int dims[7];
    char why[200] = "";
    CHECK(grid_parse(text, count, 7, dims, why, sizeof why) == -1);
    if (!strstr(why, reason_part))
        fprintf(stderr, "parse '%s': reason '%s' lacks '%s'\n", text, why, reason_part);
    CHECK(strstr(why, reason_part) != NULL);
}

static void check_choose(int count, int rank, const int64_t *extents, const int *expected)
{
    int dims[7];
    grid_choose(count, rank, extents, dims);
    long product = 1;
    for (int d = 0; d < rank; d++) {
        product *= dims[d];
        if (dims[d] != expected[d])
            fprintf(stderr, "choose %d procs: dim %d is %d, expected %d\n", count, d,
                    dims[d], expected[d]);
        CHECK(dims[d] == expected[d]);
    }
    CHECK(rank == 0 || product == count);
}

int main(void)
{
    check_parse_ok("2x2", 4, 2, 2, 2, 0);
    check_parse_ok("4", 4, 1, 4, 0, 0);
    check_parse_ok(" 1 x 3 ", 3, 2, 1, 3, 0);
    check_parse_ok("2*1,2", 4, 3, 2, 1, 2);
    check_parse_ok("1", 1, 1, 1, 0, 0);
    check_parse_bad("2x2", 3, "the 3 processes");
    check_parse_bad("2x", 2, "not a grid");
    check_parse_bad("abc", 2, "not a grid");
    check_parse_bad("", 2, "not a grid");
    check_parse_bad("2y2", 4, "not a grid");
    check_parse_bad("0x4", 4, "must be 1..4");
    check_parse_bad("1x1x1x1x1x1x1x1", 1, "more than 7");

    check_choose(4, 2, (const int64_t[]){100, 100}, (const int[]){2, 2});
    check_choose(4, 2, (const int64_t[]){1000, 10}, (const int[]){4, 1});
    check_choose(2, 2, (const int64_t[]){10, 1000}, (const int[]){1, 2});
    check_choose(6, 2, (const int64_t[]){300, 200}, (const int[]){3, 2});
    check_choose(3, 1, (const int64_t[]){5}, (const int[]){3});
    check_choose(1, 2, (const int64_t[]){5, 5}, (const int[]){1, 1});
    /* Never more processes than elements while another dimension has room. */
    check_choose(4, 2, (const int64_t[]){2, 3}, (const int[]){2, 2});
    check_choose(4, 2, (const int64_t[]){1, 1000}, (const int[]){1, 4});
    check_choose(8, 3, (const int64_t[]){64, 64, 64}, (const int[]){2, 2, 2});

    if (failures)
        fprintf(stderr, "%d check(s) failed\n", failures);
    return failures ? 1 : 0;
}
