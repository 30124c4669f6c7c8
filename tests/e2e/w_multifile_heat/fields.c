/* Definitions of the template and the arrays model.h declares with their
 * directives; no directive here: model.h's apply. */
#include "model.h"

void *TM;
double T[NX][NY], Tn[NX][NY];

void init_fields(void)
{
    int i, j;
#pragma dvm region out(T, Tn)
    {
#pragma dvm parallel([i][j] on T[i][j])
        for (i = 0; i < NX; i++)
            for (j = 0; j < NY; j++) {
                T[i][j] = (i == 0 || j == 0) ? 10.0 : ((i * 7 + j * 3) % 11) * 0.1;
                Tn[i][j] = T[i][j];
            }
    }
}
