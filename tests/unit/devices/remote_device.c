/* remote_access in regions that run on an accelerator (DVMH_NUM_EMUS=1,
 * 2 processes, targets(CUDA): the host takes no piece). A buffer view
 * (v[N-1-i]: far from the own part) is copied to the device, and a view
 * inside the shadow edges (v[i+1]) refreshes the device's copy of those
 * edges, which an earlier region left there out of date. The results
 * equal the plain C build's; the exit status says whether the buffer went
 * to the device on process 0 (whose part reads the far end of v). */
#include <stdio.h>

#define N 24

#pragma dvm array distribute[block], shadow[1:1]
double v[N];
#pragma dvm array align([i] with v[i])
double w[N];

int main(void)
{
    int i, it, bad = 0;
#pragma dvm region out(v, w) targets(CUDA)
    {
#pragma dvm parallel([i] on v[i])
        for (i = 0; i < N; i++) {
            v[i] = i;
            w[i] = 0;
        }
    }
    for (it = 0; it < 3; it++) {
#pragma dvm region targets(CUDA)
        {
#pragma dvm parallel([i] on v[i])
            for (i = 0; i < N; i++)
                v[i] = v[i] * 2 + it;
#pragma dvm parallel([i] on w[i]) remote_access(v[N - 1 - i])
            for (i = 0; i < N; i++)
                w[i] += v[N - 1 - i];
#pragma dvm parallel([i] on w[i]) remote_access(v[i + 1])
            for (i = 0; i < N - 1; i++)
                w[i] += v[i + 1] / 4;
        }
    }
#pragma dvm get_actual(w)
    for (i = 0; i < N; i++)
        printf("%g%c", w[i], i % 8 == 7 ? '\n' : ' ');
#ifdef _DVMH
    if (dvmh_process_rank() == 0 && dvmh_process_count() > 1 && dvmh_device_count() > 1 &&
        dvmh_bytes_moved(DVMH_MOVE_REMOTE, DVMH_MOVE_TO_DEVICE) == 0) {
        printf("the remote_access buffer did not reach the device\n");
        bad = 1;
    }
#endif
    return bad;
}
