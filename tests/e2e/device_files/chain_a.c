/* chain_a.c: the first and third links of the chain. */
#include "chain.h"

int chain_first(unsigned n)
{
    return chain_second(n, 0) + (int)(n % 7);
}

int chain_third(unsigned n)
{
    return (int)(n * 3 % 11);
}
