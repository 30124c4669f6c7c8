/* The ordinary arrays of coeffs.h: filled on the host, then a profile
 * computed in a region (in/out clauses on header-declared data). */
#include "coeffs.h"

double kx[NX], ky[NY], prof[NX];

void init_coeffs(void)
{
    int i;
    for (i = 0; i < NX; i++)
        kx[i] = 0.1 + 0.01 * (i % 5);
    for (i = 0; i < NY; i++)
        ky[i] = 0.12 - 0.005 * (i % 4);
#pragma dvm actual(kx, ky)
}

void make_profile(void)
{
    int i;
#pragma dvm region in(kx) out(prof)
    {
#pragma dvm parallel([i]) tie(prof[i])
        for (i = 0; i < NX; i++)
            prof[i] = kx[i] * 100.0 + (i % 3);
    }
#pragma dvm get_actual(prof)
}
