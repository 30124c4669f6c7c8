/* An irregular mesh as the DVM system's indirect distribution handles it:
 * the node template gets its distribution at run time from a partition
 * array (redistribute(TN[indirect(part)]), a process number per node, taken
 * modulo the number of processes); shadow_add gives the node template a
 * named shadow edge holding every neighbour of the local nodes
 * (shadow_add(TN[nbr[n][0], nbr[n][1], nbr[n][2] with TN[@n]] = "nb")
 * include_to(X)), the loops renew it with shadow_renew(X["nb"]), and
 * localize(nbr => X) turns the neighbour numbers into local ones for the
 * loops; unlocalize(nbr) gives the global numbers back before they are
 * printed. The sequential meaning: X[nbr[n][k]] is the neighbour's value;
 * nbr holds global node numbers whenever the program reads it as a number. */
#include <stdio.h>

#define NN 60
#define DEG 3
#define ITER 5
// TOLERANCE: 1e-9

int part[NN];
#pragma dvm template[NN]
void *TN;
#pragma dvm array align([n] with TN[n])
double X[NN];
#pragma dvm array align([n] with TN[n])
double Y[NN];
#pragma dvm array align([n][] with TN[n])
int nbr[NN][DEG];

int main(void)
{
    int n, k, it;
    double s = 0;
    long ids = 0;

    /* a partition that is not made of blocks */
    for (n = 0; n < NN; n++)
        part[n] = (n * 7 + n / 5) % 4;
#pragma dvm redistribute(TN[indirect(part)])

#pragma dvm region out(X, Y, nbr)
    {
#pragma dvm parallel([n] on TN[n])
        for (n = 0; n < NN; n++) {
            X[n] = (n % 10) * 1.0;
            Y[n] = 0;
            nbr[n][0] = (n + 1) % NN;
            nbr[n][1] = (n + NN - 1) % NN;
            nbr[n][2] = (n * 13 + 5) % NN;
        }
    }
#pragma dvm get_actual(nbr)
#pragma dvm shadow_add(TN[nbr[n][0], nbr[n][1], nbr[n][2] with TN[@n]] = "nb") include_to(X)
#pragma dvm localize(nbr => X)

    for (it = 0; it < ITER; it++) {
#pragma dvm region
        {
#pragma dvm parallel([n] on TN[n]) shadow_renew(X["nb"]) private(k)
            for (n = 0; n < NN; n++) {
                Y[n] = 0.5 * X[n];
                for (k = 0; k < DEG; k++)
                    Y[n] += X[nbr[n][k]] / (2 * DEG);
            }
#pragma dvm parallel([n] on TN[n])
            for (n = 0; n < NN; n++)
                X[n] = Y[n] + 0.01 * n;
        }
    }

#pragma dvm unlocalize(nbr)
#pragma dvm region
    {
#pragma dvm parallel([n] on TN[n]) private(k) reduction(sum(s), sum(ids))
        for (n = 0; n < NN; n++) {
            s += X[n] * (n % 5 + 1);
            for (k = 0; k < DEG; k++)
                ids += (long)nbr[n][k] * (k + 1) * (n + 1);
        }
    }
#pragma dvm get_actual(s, ids)
    printf("X checksum %.6e\n", s);
    printf("neighbour numbers checksum %ld\n", ids);
    return 0;
}
