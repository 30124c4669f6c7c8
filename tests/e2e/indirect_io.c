/* Output and input of an array whose dimension is distributed indirectly:
 * fwrite of the whole array must take every element from its owner (each
 * process stores the whole dimension, but only its own elements are
 * current), fread gives every process the values, and elements printed or
 * assigned one at a time outside loops are the owner's. */
#include <stdio.h>

#define NN 41

int part[NN];
#pragma dvm template[NN]
void *T;
#pragma dvm array align([n][] with T[n])
double U[NN][2];

int main(void)
{
    int n;
    double s = 0;
    FILE *f;
    for (n = 0; n < NN; n++)
        part[n] = (n * 5 + n / 3) % 7;
#pragma dvm redistribute(T[indirect(part)])
#pragma dvm region out(U)
    {
#pragma dvm parallel([n] on T[n])
        for (n = 0; n < NN; n++) {
            U[n][0] = n * 1.5;
            U[n][1] = -n;
        }
    }
#pragma dvm get_actual(U)
    for (n = 0; n < NN; n += 8)
        printf("U[%d] = %g %g\n", n, U[n][0], U[n][1]);
    U[5][1] = 100;
    f = fopen("indirect_io.bin", "wb");
    fwrite(U, sizeof(double), 2 * NN, f);
    fclose(f);
    for (n = 0; n < NN; n++) {
        U[n][0] = 0;
        U[n][1] = 0;
    }
    f = fopen("indirect_io.bin", "rb");
    if (fread(U, sizeof(double), 2 * NN, f) != 2 * NN)
        printf("short read\n");
    fclose(f);
    remove("indirect_io.bin");
#pragma dvm actual(U)
#pragma dvm region
    {
#pragma dvm parallel([n] on T[n]) reduction(sum(s))
        for (n = 0; n < NN; n++)
            s += U[n][0] * (n + 1) + U[n][1];
    }
#pragma dvm get_actual(s)
    printf("sum %g\n", s);
    return 0;
}
