/* localize/unlocalize on a block-distributed target: the DVM system's
 * localize(ref => target) converts the global indices held in the integer
 * array ref into the target's local numbering only where the target's
 * dimension is indirectly distributed; on a block dimension it leaves them
 * as they are. Style: a gather/scatter code written once for both
 * distributions, which localizes its index array before the loops and
 * unlocalizes it after them; the gather reads other processes' elements
 * through remote_access(V[]). */
#include <stdio.h>

#define N 80
// TOLERANCE: 1e-9

#pragma dvm array distribute[block]
double V[N];
#pragma dvm array align([i] with V[i])
double G[N];
#pragma dvm array align([i] with V[i])
int idx[N];

int main(void)
{
    int i;
    double s = 0;
    long check = 0;
#pragma dvm region out(V, G, idx)
    {
#pragma dvm parallel([i] on V[i])
        for (i = 0; i < N; i++) {
            V[i] = 1.0 + (i % 9);
            G[i] = 0;
            idx[i] = (i * 17 + 3) % N;
        }
    }
#pragma dvm localize(idx => V[:])
#pragma dvm region
    {
#pragma dvm parallel([i] on G[i]) remote_access(V[])
        for (i = 0; i < N; i++)
            G[i] = V[idx[i]] * 2 + V[i];
    }
#pragma dvm unlocalize(idx)
#pragma dvm region
    {
#pragma dvm parallel([i] on G[i]) reduction(sum(s), sum(check))
        for (i = 0; i < N; i++) {
            s += G[i] * (i % 4 + 1);
            check += (long)idx[i] * (i + 1);
        }
    }
#pragma dvm get_actual(s, check)
    printf("gathered %.6e index checksum %ld\n", s, check);
    return 0;
}
