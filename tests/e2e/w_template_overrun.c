/* Loops mapped on a template whose ranges go past the template's extent
 * (converter output and hand ports both do this: the template is sized for
 * the arrays, a loop runs a few extra boundary iterations that touch only
 * scalars or guard their array accesses). The sequential meaning: every
 * iteration of the loop executes exactly once, those below 0 and at or
 * above the extent too, so the sums and counts below include them; an
 * implementation may give them to any process but must not drop them. */
#include <stdio.h>

#define N 40
#define EXTRA 3
// TOLERANCE: 1e-9

#pragma dvm template[N] distribute[block]
void *T;
#pragma dvm array align([i] with T[i])
double A[N];
#pragma dvm template[N][N] distribute[block][block]
void *T2;
#pragma dvm array align([i][j] with T2[i][j])
int G[N][N];

int main(void)
{
    int i, j;
    long count = 0, outside = 0, cells = 0;
    double s = 0, w = 0;

#pragma dvm region out(A, G)
    {
        /* i from -EXTRA to N+EXTRA-1: 2*EXTRA iterations fall outside T */
#pragma dvm parallel([i] on T[i]) reduction(sum(count), sum(outside))
        for (i = -EXTRA; i < N + EXTRA; i++) {
            if (i >= 0 && i < N)
                A[i] = 0.5 * i;
            else
                outside += i;
            count++;
        }
        /* the upper bound is past the extent of both dimensions */
#pragma dvm parallel([i][j] on T2[i][j]) reduction(sum(cells))
        for (i = 0; i <= N; i++)
            for (j = 0; j < N + 2; j++) {
                if (i < N && j < N)
                    G[i][j] = (i + j) % 3;
                cells++;
            }
    }
#pragma dvm region
    {
#pragma dvm parallel([i] on T[i]) reduction(sum(s))
        for (i = 0; i < N + 1; i++)
            s += (i < N) ? A[i] * (i % 4) : 1000.0;
#pragma dvm parallel([i][j] on T2[i][j]) reduction(sum(w))
        for (i = 0; i < N; i++)
            for (j = -1; j < N; j++)
                w += (j >= 0) ? G[i][j] : 0.5;
    }
#pragma dvm get_actual(count, outside, cells, s, w)
    printf("count %ld (expected %d) outside %ld\n", count, N + 2 * EXTRA, outside);
    printf("cells %ld (expected %d)\n", cells, (N + 1) * (N + 2));
    printf("s %.6e w %.6e\n", s, w);
    return count == N + 2 * EXTRA && cells == (N + 1) * (N + 2) ? 0 : 1;
}
