/* chain.h: a chain of calls across three files: main.c's loop calls
 * chain_first (chain_a.c), which calls chain_second (chain_b.c), which
 * calls chain_third (chain_a.c again). */
#ifndef CHAIN_H
#define CHAIN_H

int chain_first(unsigned n);
int chain_second(unsigned n, int depth);
int chain_third(unsigned n);

#endif
