/* Data motion of Jacobi in steady state (run with DVMH_NUM_EMUS=1 or 2 and
 * one process): the region runs on the accelerators only, so per iteration
 * the pieces exchange only their boundary rows (interior columns) between
 * them, and each accelerator hands back its reduction result. Exit status
 * 0 when the counted bytes are exactly those. */
#include <math.h>
#include <stdio.h>

#define N 64
#define ITERS 8

#pragma dvm array distribute[block][block]
double A[N][N];
#pragma dvm array align([i][j] with A[i][j])
double B[N][N];

#ifdef _DVMH
static unsigned long long moved(int reason, int direction)
{
    return dvmh_bytes_moved(reason, direction);
}
#endif

int main(void)
{
    int i, j, it, bad = 0;
    double eps = 0;
#pragma dvm region out(A, B) targets(CUDA)
    {
#pragma dvm parallel([i][j] on A[i][j])
        for (i = 0; i < N; i++)
            for (j = 0; j < N; j++) {
                A[i][j] = (i == 0 || j == 0 || i == N - 1 || j == N - 1) ? 1.0 : 0.0;
                B[i][j] = A[i][j];
            }
    }
    for (it = 0; it < ITERS; it++) {
#ifdef _DVMH
        unsigned long long before[4], red_before = moved(DVMH_MOVE_REDUCTION, -1);
        for (int d = 0; d < 4; d++)
            before[d] = moved(-1, d);
#endif
        eps = 0;
#pragma dvm region targets(CUDA)
        {
#pragma dvm parallel([i][j] on B[i][j]) reduction(max(eps))
            for (i = 1; i < N - 1; i++)
                for (j = 1; j < N - 1; j++) {
                    B[i][j] = (A[i - 1][j] + A[i + 1][j] + A[i][j - 1] + A[i][j + 1]) / 4;
                    eps = fmax(eps, fabs(B[i][j] - A[i][j]));
                }
#pragma dvm parallel([i][j] on A[i][j])
            for (i = 1; i < N - 1; i++)
                for (j = 1; j < N - 1; j++)
                    A[i][j] = B[i][j];
        }
#ifdef _DVMH
        int accelerators = dvmh_device_count() - 1;
        unsigned long long d2d = moved(-1, DVMH_MOVE_DEVICE_TO_DEVICE) - before[2];
        unsigned long long to_host = moved(-1, DVMH_MOVE_TO_HOST) - before[1];
        unsigned long long to_dev = moved(-1, DVMH_MOVE_TO_DEVICE) - before[0];
        unsigned long long red = moved(DVMH_MOVE_REDUCTION, -1) - red_before;
        /* two accelerators: A's rows next to the split, interior columns,
         * each way; the first iteration also copies the boundary columns */
        unsigned long long want_d2d = accelerators == 2 ? 2 * (N - 2) * sizeof(double) : 0;
        unsigned long long want_red = (unsigned long long)accelerators * sizeof(double);
        if (it > 0 && (d2d != want_d2d || to_dev != 0 || to_host != want_red || red != want_red)) {
            printf("iteration %d: %llu device->device (want %llu), %llu host->device (want 0), "
                   "%llu device->host (want %llu), %llu reduction\n", it, d2d, want_d2d, to_dev,
                   to_host, want_red, red);
            bad = 1;
        }
#endif
    }
#pragma dvm get_actual(A)
    double sum = 0;
    for (i = 0; i < N; i++)
        for (j = 0; j < N; j++)
            sum += A[i][j];
    printf("eps %.6f sum %.6f\n", eps, sum);
    return bad;
}
