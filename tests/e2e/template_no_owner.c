/* A parallel loop mapped with a constant subscript outside its template:
 * its iterations have no owner (no process owns T[i][N + 1]), so the run
 * stops with an error naming the loop, the template and both ranges
 * instead of skipping them. (Iterations whose linear subscript leaves the
 * template have the owner of the nearest edge: w_template_overrun.c.) */
#include <stdio.h>

#define N 12
// E2E: expect-run-error template_no_owner.c:23: error: the parallel loop's iterations (0..11) are mapped on T with index 13 in dimension 2, outside its range 0..11

#pragma dvm template[N][N] distribute[block][block]
void *T;
#pragma dvm array align([i][j] with T[i][j])
int G[N][N];

int main(void)
{
    int i;
    long count = 0;
#pragma dvm region out(G)
    {
#pragma dvm parallel([i] on T[i][N + 1]) reduction(sum(count))
        for (i = 0; i < N; i++)
            count++;
    }
#pragma dvm get_actual(count)
    printf("count %ld\n", count);
    return 0;
}
