/* tally.h: tally_weight's body cannot run on a GPU (it reads a global
 * variable); tally_total runs a loop that calls it. */
#ifndef TALLY_H
#define TALLY_H

double tally_weight(int i);
double tally_total(void);

#endif
