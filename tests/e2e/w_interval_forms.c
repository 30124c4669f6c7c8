/* Performance intervals in every place users put them: before a region
 * (the directive right after it is the region's), before a parallel loop
 * outside regions, around a compound statement, with an integer id, before a
 * plain for loop and before a single statement (the statement form; the
 * paired form is in w_interval_paired.c). Style: a heat-equation course
 * assignment timing its phases. Intervals change no result. */
#include <stdio.h>

#define N 64
#define STEPS 20
// TOLERANCE: 1e-9

#pragma dvm array distribute[block]
double T[N];
#pragma dvm array align([i] with T[i])
double Tn[N];

int main(void)
{
    int i, step;
    double heat = 0, peak = 0;

#pragma dvm interval
#pragma dvm region out(T, Tn)
    {
#pragma dvm parallel([i] on T[i])
        for (i = 0; i < N; i++) {
            T[i] = (i > N / 4 && i < N / 2) ? 100.0 : 0.0;
            Tn[i] = T[i];
        }
    }

#pragma dvm interval 1
    for (step = 0; step < STEPS; step++) {
#pragma dvm interval(2)
#pragma dvm parallel([i] on Tn[i]) shadow_renew(T)
        for (i = 1; i < N - 1; i++)
            Tn[i] = T[i] + 0.25 * (T[i - 1] - 2 * T[i] + T[i + 1]);
#pragma dvm interval
        {
#pragma dvm parallel([i] on T[i])
            for (i = 1; i < N - 1; i++)
                T[i] = Tn[i];
        }
    }

    /* around a compound statement with a reduction loop and its print */
#pragma dvm interval(3)
    {
#pragma dvm parallel([i] on T[i]) reduction(sum(heat), max(peak))
        for (i = 0; i < N; i++) {
            heat += T[i];
            if (T[i] > peak)
                peak = T[i];
        }
        printf("heat %.6e peak %.6e\n", heat, peak);
    }

#pragma dvm interval
    printf("done after %d steps\n", STEPS);
    return peak > 0 ? 0 : 1;
}
