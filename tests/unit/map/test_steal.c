/* test_steal.c: Algorithm W (dvmh_parallel_reduce): exact sums over
 * [1, 10^6] with very uneven element costs in every initial split mode, and
 * an order-sensitive merge that fails unless results are merged in range
 * order. Run under mpiexec -n 1..4 (MPI started as the runtime starts it),
 * or with --no-mpi on one process without MPI_Init. */
#include <dvmh_map.h>
#include <mpi.h>
#include <stdio.h>
#include <string.h>

static int failures, rank;

#define CHECK(cond, ...)                                                                           \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            failures++;                                                                            \
            fprintf(stderr, "rank %d: %s:%d: ", rank, __FILE__, __LINE__);                         \
            fprintf(stderr, __VA_ARGS__);                                                          \
            fprintf(stderr, "\n");                                                                 \
        }                                                                                          \
    } while (0)

/* Elements in the last tenth cost about 300 times more than the others. */
static volatile double sink;
static void sum_compute(long long lo, long long hi, void *result, void *user)
{
    (void)user;
    unsigned long long s = 0;
    for (long long i = lo; i < hi; i++) {
        if (i > 900000) {
            double x = (double)i;
            for (int j = 0; j < 300; j++)
                x = x * 0.999999 + 1;
            sink = x;
        }
        s += (unsigned long long)i;
    }
    *(unsigned long long *)result = s;
}

static void sum_merge(void *left, const void *right, void *user)
{
    (void)user;
    *(unsigned long long *)left += *(const unsigned long long *)right;
}

/* Order check: a result says which range it covers; merging two that are
 * not neighbours in order marks it broken. */
typedef struct span {
    long long first, last;
    int broken;
} span;

static void span_compute(long long lo, long long hi, void *result, void *user)
{
    (void)user;
    *(span *)result = (span){lo, hi - 1, 0};
}

static void span_merge(void *left, const void *right, void *user)
{
    (void)user;
    span *l = left;
    const span *r = right;
    l->broken |= r->broken || r->first != l->last + 1;
    l->last = r->last;
}

/* Splits at multiples of 1000 only: ranges inside one block are indivisible. */
static long long block_split(long long lo, long long hi, void *user)
{
    (void)user;
    long long mid = (lo + (hi - lo) / 2) / 1000 * 1000;
    return mid;
}

int main(int argc, char **argv)
{
    int use_mpi = !(argc > 1 && !strcmp(argv[1], "--no-mpi"));
    int size = 1;
    if (use_mpi) {
        int provided;
        MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
        MPI_Comm_rank(MPI_COMM_WORLD, &rank);
        MPI_Comm_size(MPI_COMM_WORLD, &size);
    }
    const char *names[] = {"largest", "mid", "adaptive"};
    const long long n = 1000000;
    for (int mode = DVMH_SPLIT_LARGEST; mode <= DVMH_SPLIT_ADAPTIVE; mode++) {
        dvmh_reduce_ops ops = {sizeof(unsigned long long), sum_compute, NULL, sum_merge, NULL};
        unsigned long long total = 0;
        dvmh_reduce_stats st;
        int status = dvmh_parallel_reduce(1, n + 1, &ops, (dvmh_split_mode)mode, &total, &st);
        CHECK(!status && total == (unsigned long long)n * (n + 1) / 2, "%s: sum %llu, status %d",
              names[mode], total, status);
        CHECK(st.processes == size, "%s: %d processes, expected %d", names[mode], st.processes,
              size);
        if (mode == DVMH_SPLIT_MID)
            CHECK(st.initial_parts == size, "mid: %lld initial parts here, expected %d",
                  st.initial_parts, size);
        printf("rank %d %-8s parts %lld computed %lld stolen %lld given %lld\n", rank, names[mode],
               st.initial_parts, st.computed, st.stolen, st.given);

        dvmh_reduce_ops order = {sizeof(span), span_compute, block_split, span_merge, NULL};
        span sp;
        status = dvmh_parallel_reduce(0, 123457, &order, (dvmh_split_mode)mode, &sp, NULL);
        CHECK(!status && !sp.broken && sp.first == 0 && sp.last == 123456,
              "%s: span %lld..%lld broken %d", names[mode], sp.first, sp.last, sp.broken);
    }
    /* An empty range gives the compute of the empty range everywhere. */
    dvmh_reduce_ops ops = {sizeof(unsigned long long), sum_compute, NULL, sum_merge, NULL};
    unsigned long long zero = 7;
    CHECK(!dvmh_parallel_reduce(5, 5, &ops, DVMH_SPLIT_MID, &zero, NULL) && zero == 0,
          "empty range: %llu", zero);
    /* A range shorter than the process count. */
    unsigned long long tiny = 0;
    CHECK(!dvmh_parallel_reduce(1, 3, &ops, DVMH_SPLIT_ADAPTIVE, &tiny, NULL) && tiny == 3,
          "tiny range: %llu", tiny);
    CHECK(dvmh_parallel_reduce(0, 10, NULL, DVMH_SPLIT_MID, &tiny, NULL) == -1,
          "NULL ops accepted");
    if (use_mpi)
        MPI_Finalize();
    if (failures)
        fprintf(stderr, "rank %d: %d failures\n", rank, failures);
    return failures ? 1 : 0;
}
