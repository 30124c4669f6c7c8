/* Input of header_conflict_headers.c: another layout for W. */
#pragma dvm array distribute[*][block]
extern double W[N][N];
