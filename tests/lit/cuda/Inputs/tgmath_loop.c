#include <tgmath.h>
double a[10];
void f(void)
{
    int i;
#pragma dvm parallel([i])
    for (i = 0; i < 10; i++)
        a[i] = i * 2.0;
}
