/* Data motion of the actuality directives (run with DVMH_NUM_EMUS=1 and one
 * process; the regions run on the accelerator only): a region with out(A)
 * copies nothing in; get_actual twice moves nothing the second time;
 * actual(A) after host writes makes the next region copy A in again, once;
 * ordinary arrays with tie behave the same. Exit status 0 when every count
 * is exact. */
#include <stdio.h>

#define N 40

#pragma dvm array distribute[block][*]
int A[N][N];
double X[N];

static int bad;

#ifdef _DVMH
static unsigned long long all(void)
{
    return dvmh_bytes_moved(-1, -1);
}
static void expect(const char *what, unsigned long long got, unsigned long long want)
{
    if (got != want) {
        printf("%s: %llu bytes moved, want %llu\n", what, got, want);
        bad = 1;
    }
}
#define MARK() unsigned long long mark_ = all()
#define EXPECT(what, want) expect(what, all() - mark_, (want))
#else
#define MARK() (void)0
#define EXPECT(what, want) (void)0
#endif

int main(void)
{
    int i, j;
    long sum = 0;
    {
        MARK();
#pragma dvm region out(A) targets(CUDA)
        {
#pragma dvm parallel([i][j] on A[i][j])
            for (i = 0; i < N; i++)
                for (j = 0; j < N; j++)
                    A[i][j] = i * N + j;
        }
        EXPECT("region out(A)", 0);
    }
    {
        MARK();
#pragma dvm get_actual(A)
        EXPECT("first get_actual(A)", N * N * sizeof(int));
    }
    {
        MARK();
#pragma dvm get_actual(A)
        EXPECT("second get_actual(A)", 0);
    }
    for (i = 0; i < N; i++)
        A[i][0] = -i;
#pragma dvm actual(A[][0])
    {
        MARK();
#pragma dvm region targets(CUDA)
        {
#pragma dvm parallel([i][j] on A[i][j]) reduction(sum(sum))
            for (i = 0; i < N; i++)
                for (j = 0; j < N; j++)
                    sum += A[i][j];
        }
        /* the column the host changed, and the reduction result */
        EXPECT("region after actual(A[][0])", N * sizeof(int) + sizeof(long));
    }
    for (i = 0; i < N; i++)
        X[i] = i;
    {
        MARK();
#pragma dvm region in(X) targets(CUDA)
        {
#pragma dvm parallel([i]) tie(X[i])
            for (i = 1; i < N - 1; i++)
                X[i] = 2 * X[i];
        }
        /* ordinary data: the tied part only */
        EXPECT("region on X[1:N-2]", (N - 2) * sizeof(double));
    }
    {
        MARK();
#pragma dvm get_actual(X[0:9])
        EXPECT("get_actual(X[0:9])", 9 * sizeof(double));
    }
    {
        MARK();
#pragma dvm get_actual(X)
        EXPECT("get_actual(X)", (N - 2 - 9) * sizeof(double));
    }
    printf("sum %ld X %g %g\n", sum, X[1], X[N - 2]);
    return bad;
}
