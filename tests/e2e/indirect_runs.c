/* A loop over an indirectly distributed template whose partition gives
 * each process long runs of consecutive indices (shared by the threads)
 * broken by single indices given elsewhere (run on one thread): the host
 * runs them all with one piece set up once, and the reductions (sum, max
 * with its location, product) gather every run's threads exactly once. */
#include <stdio.h>

#define NN 5000
// TOLERANCE: 1e-12

int part[NN];
#pragma dvm template[NN]
void *T;
#pragma dvm array align([n] with T[n])
double X[NN];
#pragma dvm array align([n] with T[n])
long Y[NN];

int main(void)
{
    int n, it;
    double sum = 0, mx = -1, prod = 1;
    long isum = 0;
    int at = -1;
    for (n = 0; n < NN; n++)
        part[n] = n % 89 == 0 ? 3 : (n / 700) % 3;
#pragma dvm redistribute(T[indirect(part)])
#pragma dvm region out(X, Y)
    {
#pragma dvm parallel([n] on T[n])
        for (n = 0; n < NN; n++) {
            X[n] = (n * 37 % 101) * 0.125 + n * 1e-6; /* no ties for maxloc */
            Y[n] = n % 13;
        }
    }
    for (it = 0; it < 3; it++) {
#pragma dvm region
        {
#pragma dvm parallel([n] on T[n]) reduction(sum(sum), maxloc(mx, at), product(prod), sum(isum))
            for (n = 0; n < NN; n++) {
                X[n] = 0.5 * X[n] + Y[n];
                sum += X[n];
                if (X[n] > mx) {
                    mx = X[n];
                    at = n;
                }
                if (n % 500 == 7)
                    prod *= 1.0 + X[n] / 64;
                isum += Y[n] * (n % 7);
            }
        }
    }
#pragma dvm get_actual(sum, mx, at, prod, isum)
    printf("sum %.9e max %.9e at %d prod %.9e isum %ld\n", sum, mx, at, prod, isum);
    return 0;
}
