/* A template declared in this file only by a bare extern directive (DVM
 * accepts it): its definition, with the sizes, is in tdef.c; this file
 * redistributes it, tdef.c maps loops and an array onto it. */
#include <stdio.h>
#define N 12
#pragma dvm template
extern void *T;
double work(void);
int main(void)
{
    double s = 0;
#pragma dvm redistribute(T[block])
    s = work();
    printf("%g\n", s);
    return 0;
}
