/* Distribution math of lib/distrib.c and reductions of lib/reduce.c:
 * block starts for every format on grids of 1..6 processes, checked
 * against their definitions; identities and combination of every
 * reduction operation. */
#include "array.h"
#include "distrib.h"
#include "reduce.h"
#include "comm.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

static void bounds_of(int p, dvmh_idx n, dvmh_distr f, dvmh_idx *out)
{
    distr_bounds(__FILE__, __LINE__, out, n, p, &f);
}

static void test_block(void)
{
    for (int p = 1; p <= 6; p++)
        for (dvmh_idx n = 1; n <= 40; n++) {
            dvmh_idx b[8];
            bounds_of(p, n, (dvmh_distr){DVMH_DISTR_BLOCK, NULL, 0, 0}, b);
            CHECK(b[0] == 0 && b[p] == n, "block p=%d n=%lld: ends", p, (long long)n);
            for (int c = 0; c < p; c++) {
                dvmh_idx len = b[c + 1] - b[c];
                CHECK(len == n / p || len == n / p + 1, "block p=%d n=%lld: part %d has %lld", p,
                      (long long)n, c, (long long)len);
            }
        }
}

static void test_multblock(void)
{
    for (int p = 1; p <= 5; p++)
        for (dvmh_idx n = 1; n <= 30; n++) {
            dvmh_idx b[8];
            bounds_of(p, n, (dvmh_distr){DVMH_DISTR_MULTBLOCK, NULL, 0, 4}, b);
            CHECK(b[0] == 0 && b[p] == n, "multblock ends");
            for (int c = 1; c < p; c++)
                CHECK(b[c] % 4 == 0 || b[c] == n, "multblock p=%d n=%lld: start %lld", p,
                      (long long)n, (long long)b[c]);
        }
}

static void test_genblock(void)
{
    int sizes[4] = {3, 0, 5, 2};
    dvmh_idx b[8];
    bounds_of(4, 10, (dvmh_distr){DVMH_DISTR_GENBLOCK, sizes, sizeof(int), 0}, b);
    CHECK(b[0] == 0 && b[1] == 3 && b[2] == 3 && b[3] == 8 && b[4] == 10, "genblock bounds");
}

static void test_wgtblock(void)
{
    double w[4] = {1, 1, 1, 3};
    dvmh_idx b[8];
    bounds_of(2, 12, (dvmh_distr){DVMH_DISTR_WGTBLOCK, w, sizeof(double), 4}, b);
    /* weights per element: 1/3 for elements 0..8, 1 for 9..11: total 6 */
    CHECK(b[0] == 0 && b[2] == 12, "wgtblock ends");
    CHECK(b[1] == 9, "wgtblock split at %lld, expected 9", (long long)b[1]);
}

static void test_preimage(void)
{
    dvmh_idx lo, hi;
    rule_preimage(2, 1, 4, 9, &lo, &hi); /* 2i+1 in [4,9]: i in [2,4] */
    CHECK(lo == 2 && hi == 4, "preimage 2i+1: %lld..%lld", (long long)lo, (long long)hi);
    rule_preimage(-1, 10, 3, 5, &lo, &hi); /* 10-i in [3,5]: i in [5,7] */
    CHECK(lo == 5 && hi == 7, "preimage 10-i: %lld..%lld", (long long)lo, (long long)hi);
    rule_preimage(3, -2, 0, 0, &lo, &hi); /* 3i-2 = 0: none */
    CHECK(lo > hi, "preimage 3i-2 of [0,0] is empty");
}

static void test_reduce(void)
{
    double d[2];
    reduce_identity(DVMH_RED_MAX, DVMH_T_DOUBLE, d, 2);
    double v[2] = {-5, 7};
    reduce_combine(DVMH_RED_MAX, DVMH_T_DOUBLE, d, v, 2, NULL, NULL, 0, 0);
    CHECK(d[0] == -5 && d[1] == 7, "max of identity");
    int i = 0, x = 6;
    reduce_identity(DVMH_RED_AND, DVMH_T_INT, &i, 1);
    CHECK(i == ~0, "and identity");
    reduce_combine(DVMH_RED_AND, DVMH_T_INT, &i, &x, 1, NULL, NULL, 0, 0);
    x = 3;
    reduce_combine(DVMH_RED_XOR, DVMH_T_INT, &i, &x, 1, NULL, NULL, 0, 0);
    CHECK(i == 5, "and then xor: %d", i);
    long p = 1, q = 4;
    reduce_identity(DVMH_RED_PRODUCT, DVMH_T_LONG, &p, 1);
    reduce_combine(DVMH_RED_PRODUCT, DVMH_T_LONG, &p, &q, 1, NULL, NULL, 0, 0);
    CHECK(p == 4, "product");
    /* maxloc: strictly better replaces; without the location's order, ties
     * keep the earlier */
    float m = 1, c = 1;
    int loc[2] = {1, 1}, cloc[2] = {2, 2};
    reduce_combine(DVMH_RED_MAXLOC, DVMH_T_FLOAT, &m, &c, 1, loc, cloc, sizeof loc, 0);
    CHECK(loc[0] == 1, "maxloc tie keeps the earlier");
    c = 2;
    reduce_combine(DVMH_RED_MAXLOC, DVMH_T_FLOAT, &m, &c, 1, loc, cloc, sizeof loc, sizeof loc[0]);
    CHECK(m == 2 && loc[0] == 2, "maxloc better replaces");
    /* ties with the order: the location that comes first, element by
     * element (row 0 column 7 before row 3 column 1) */
    int late[2] = {3, 1}, early[2] = {0, 7};
    c = 2;
    reduce_combine(DVMH_RED_MAXLOC, DVMH_T_FLOAT, &m, &c, 1, late, early, sizeof late, sizeof late[0]);
    CHECK(late[0] == 0 && late[1] == 7, "maxloc tie: the earlier location wins");
    int back[2] = {3, 1};
    reduce_combine(DVMH_RED_MAXLOC, DVMH_T_FLOAT, &m, &c, 1, early, back, sizeof back, sizeof back[0]);
    CHECK(early[0] == 0 && early[1] == 7, "maxloc tie: a later location does not");
    /* minloc of int with long, short, char and double locations */
    int mn = 4, cn = 4;
    long ll = 9, lc = -3;
    reduce_combine(DVMH_RED_MINLOC, DVMH_T_INT, &mn, &cn, 1, &ll, &lc, sizeof ll, sizeof ll);
    CHECK(ll == -3, "minloc tie, long location: %ld", ll);
    short sl = 300, sc = 299;
    reduce_combine(DVMH_RED_MINLOC, DVMH_T_INT, &mn, &cn, 1, &sl, &sc, sizeof sl, sizeof sl);
    CHECK(sl == 299, "minloc tie, short location");
    signed char bl = 5, bc = 6;
    reduce_combine(DVMH_RED_MINLOC, DVMH_T_INT, &mn, &cn, 1, &bl, &bc, 1, 1);
    CHECK(bl == 5, "minloc tie, char location");
    double dl = 12.0, dc = 3.0;
    reduce_combine(DVMH_RED_MINLOC, DVMH_T_INT, &mn, &cn, 1, &dl, &dc, sizeof dl, sizeof dl);
    CHECK(dl == 3.0, "minloc tie, double location");
    CHECK(reduce_loc_order(&dl, &dl, sizeof dl, sizeof dl) == 0, "the same location");
    char odd[3] = {1, 2, 3}, odd2[3] = {0, 0, 0};
    CHECK(reduce_loc_order(odd2, odd, 3, 3) == 0, "no order for 3-byte elements");
    unsigned u;
    reduce_identity(DVMH_RED_MIN, DVMH_T_UINT, &u, 1);
    CHECK(u == ~0u, "unsigned min identity");
}

int main(void)
{
    test_block();
    test_multblock();
    test_genblock();
    test_wgtblock();
    test_preimage();
    test_reduce();
    if (failures)
        fprintf(stderr, "%d failures\n", failures);
    else
        printf("distribution and reduction tests passed\n");
    return failures ? 1 : 0;
}
