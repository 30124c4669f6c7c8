/* Input of header_decls.c: distributed and ordinary declarations. */
#ifndef HDR_GRID_H
#define HDR_GRID_H
#define N 8
#pragma dvm template[N][N] distribute[block][block]
extern void *G;
#pragma dvm array align([i][j] with G[i][j])
extern double A[N][N], B[N][N];
extern double coef[N];
#pragma dvm array distribute[block]
static float H[N];
#pragma dvm inherit(X)
double total(double (*X)[N]);
#endif
