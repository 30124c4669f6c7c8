/* Operations on any array of the grid's shape, received with 'inherit'
 * from callers in other files. */
#include "ops.h"

#pragma dvm inherit(A)
double field_sum(double (*A)[NY], int weighted)
{
    int i, j;
    double s = 0;
#pragma dvm region
    {
#pragma dvm parallel([i][j] on A[i][j]) reduction(sum(s))
        for (i = 0; i < NX; i++)
            for (j = 0; j < NY; j++)
                s += A[i][j] * (weighted ? (i * 5 + j) % 7 + 1 : 1);
    }
#pragma dvm get_actual(s)
    return s;
}

#pragma dvm inherit(A)
void field_scale(double (*A)[NY], double f)
{
    int i, j;
#pragma dvm region
    {
#pragma dvm parallel([i][j] on A[i][j])
        for (i = 0; i < NX; i++)
            for (j = 0; j < NY; j++)
                A[i][j] = A[i][j] * f;
    }
}
