/* Input of header_conflict.c and header_conflict_headers.c. */
#define N 8
#pragma dvm array distribute[block][*]
extern double W[N][N];
