/* Input of multi_file.c: the definition (the header's directive applies)
 * and a function filling it. */
#include "mf.h"
double X[N];
double fill(void)
{
    int i;
    double s = 0;
#pragma dvm region
    {
#pragma dvm parallel([i] on X[i]) reduction(sum(s))
        for (i = 0; i < N; i++) {
            X[i] = i * 0.5;
            s += X[i];
        }
    }
#pragma dvm get_actual(s)
    return s;
}
