/* tally.c: tally_weight reads a global variable: no device version. */
#include "tally.h"

double tally_scale = 0.125;

double tally_weight(int i)
{
    return i * tally_scale;
}
