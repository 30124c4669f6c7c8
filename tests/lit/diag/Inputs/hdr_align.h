/* Input of header_align_unknown.c: an alignment with an undeclared name. */
#define N 8
#pragma dvm array align([i] with NOPE[i])
static double P[N];
