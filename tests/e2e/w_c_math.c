/* C's math library in loop bodies as C programs call it: double functions
 * with int and float arguments (the CUDA handlers are C++, where sqrt(i)
 * does not compile and sqrt(f) computes in float), from the body and from
 * a function of the file it calls; and C names that are C++ keywords
 * (new, class, this, delete) in a body, a struct and a function, and a
 * file's own min function and max macro (CUDA has both names). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define N 10
// TOLERANCE: 1e-12

#pragma dvm array distribute[block]
double R[N];

struct node {
    int old, new;
};

static double helper(int k)
{
    return fmod(k, 2.5) + sqrt(k) + fabs((double)(k - 4));
}

static int delete(int x)
{
    return x + 1;
}

/* a C file's own min (CUDA has one too) */
static double min(double a, double b)
{
    return a < b ? a : b;
}

#define max(a, b) ((a) > (b) ? (a) : (b))

int main(void)
{
    int i;
    long l = 0;
#pragma dvm region
    {
#pragma dvm parallel([i] on R[i])
        for (i = 0; i < N; i++) {
            float f = i + 2;
            R[i] = fmod(i, 3.5) + sqrt(i) + exp(-i) + sin(i) + floor(i / 2.0) + fmax(i, 2.0) +
                   fmin(i, 10) + hypot(i, 2.0) + atan2(i, 3.0) + copysign(i, -1.0) +
                   fma(i, 2.0, 1.0) + pow(i, 2) + ldexp(1.0, i) + helper(i) + tanh(i) + erf(i) +
                   log(i + 1) + cbrt(i) + trunc(i * 0.7) + sqrtf(f) + fabsf(f) + abs(i - 5);
            R[i] += (sqrt(f) - sqrtf(f)) * 1e9 + exp(f) * 1e-3;
        }
#pragma dvm parallel([i] on R[i])
        for (i = 0; i < N; i++) {
            struct node n;
            int class = i, this = 2;
            double new = 2.5;
            n.old = i;
            n.new = 2 * i;
            R[i] += n.old + n.new + new * i + class * this + delete(i) + min(i, 4.5) + max(i, 3);
        }
#pragma dvm parallel([i] on R[i]) reduction(sum(l))
        for (i = 0; i < N; i++)
            l += lround(i * 1.5) + ilogb(i + 1.0) + (long)scalbn(1.0, i) + (long)logb(i + 1.0);
    }
#pragma dvm get_actual(R)
    for (i = 0; i < N; i++)
        printf("%.12e\n", R[i]);
    printf("%ld\n", l);
    return 0;
}
