/* An array distributed by itself with indirect(part) (a local array,
 * created once the partition is known), a shadow edge added to the array
 * itself (shadow_add(D[...] ...): no include_to needed), renewed with a
 * plain shadow_renew(D), which renews every edge of an indirect
 * dimension; rows of a 2-D array aligned with it move whole. */
#include <stdio.h>

#define NN 50
#define STEPS 4
// TOLERANCE: 1e-9

int part[NN];

int main(void)
{
    int n, s;
    double sum = 0;
    for (n = 0; n < NN; n++)
        part[n] = (n % 6) * (n % 5) + n / 10;
    {
#pragma dvm array distribute[indirect(part)]
        double D[NN];
#pragma dvm array align([i][] with D[i])
        double E[NN][3];
#pragma dvm region out(D, E)
        {
#pragma dvm parallel([n] on D[n])
            for (n = 0; n < NN; n++) {
                D[n] = (n * 7 % 13) * 0.5;
                E[n][0] = E[n][1] = E[n][2] = 0;
            }
        }
#pragma dvm shadow_add(D[(v + 1) % NN, (v * 3 + 2) % NN with D[@v]] = "ring")
        for (s = 0; s < STEPS; s++) {
#pragma dvm region
            {
#pragma dvm parallel([n] on D[n]) shadow_renew(D)
                for (n = 0; n < NN; n++) {
                    E[n][0] = D[(n + 1) % NN];
                    E[n][1] = D[(n * 3 + 2) % NN];
                    E[n][2] = E[n][2] + D[n];
                }
#pragma dvm parallel([n] on D[n])
                for (n = 0; n < NN; n++)
                    D[n] = 0.25 * (E[n][0] + E[n][1]) + 0.5 * D[n];
            }
        }
#pragma dvm region
        {
#pragma dvm parallel([n] on E[n][]) reduction(sum(sum))
            for (n = 0; n < NN; n++)
                sum += (E[n][0] + 2 * E[n][1] + 3 * E[n][2]) * (n % 4 + 1) + D[n];
        }
#pragma dvm get_actual(sum)
        printf("sum %.9e\n", sum);
    }
    return 0;
}
