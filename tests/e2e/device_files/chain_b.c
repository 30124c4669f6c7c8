/* chain_b.c: the second link: Collatz steps, then back to chain_a.c. */
#include "chain.h"

int chain_second(unsigned n, int depth)
{
    int s = depth;
    while (n != 1 && s < 300) {
        n = n % 2 ? 3 * n + 1 : n / 2;
        s++;
    }
    return s + chain_third((unsigned)s);
}
