/* The program of the late_image*.c and early_pipe.c tests. */
#include <stdio.h>
#ifdef LATE_RDC
#include "late_image_twice.h"
#define VALUE(i) twice(i)
#else
#define VALUE(i) ((i) * 2)
#endif
#pragma dvm array distribute[block]
double R[8];
int main(void)
{
    int i;
    double s = 0;
#ifdef LATE_ERROR
    int unused_here;
#endif
#pragma dvm region
    {
#pragma dvm parallel([i] on R[i])
        for (i = 0; i < 8; i++)
            R[i] = VALUE(i);
    }
#pragma dvm parallel([i] on R[i]) reduction(sum(s))
    for (i = 0; i < 8; i++)
        s += R[i];
    printf("%g\n", s);
    return 0;
}
