/* Input of header_missing_directive.c: no directive on a distributed array. */
#define N 8
extern double U[N][N];
