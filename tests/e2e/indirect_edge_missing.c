/* shadow_renew of a named shadow edge that shadow_add never gave the
 * array (it was added to another one): the run stops with an error naming
 * the loop, the edge and the array, on one process as on several. */
#include <stdio.h>

#define NN 16
// E2E: expect-run-error indirect_edge_missing.c:34: error: shadow_renew: the shadow edge "nb" does not include the array created at 

int part[NN];
#pragma dvm template[NN]
void *T;
#pragma dvm array align([n] with T[n])
double X[NN];
#pragma dvm array align([n] with T[n])
double Y[NN];

int main(void)
{
    int n;
    double s = 0;
    for (n = 0; n < NN; n++)
        part[n] = n % 3;
#pragma dvm redistribute(T[indirect(part)])
#pragma dvm region out(X, Y)
    {
#pragma dvm parallel([n] on T[n])
        for (n = 0; n < NN; n++)
            X[n] = Y[n] = n;
    }
#pragma dvm shadow_add(T[(n + 1) % NN with T[@n]] = "nb") include_to(Y)
#pragma dvm region
    {
#pragma dvm parallel([n] on T[n]) shadow_renew(X["nb"]) reduction(sum(s))
        for (n = 0; n < NN; n++)
            s += X[(n + 1) % NN];
    }
#pragma dvm get_actual(s)
    printf("%g\n", s);
    return 0;
}
