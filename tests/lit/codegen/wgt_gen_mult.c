// RUN: %cdvmh %s -o - | grep -v "^// " | FileCheck %s
// wgtblock, genblock, multblock formats.
double W[3] = {1, 2, 1};
int G[2] = {3, 5};
// CHECK: (dvmh_distr[]){{[{][{]}}DVMH_DISTR_WGTBLOCK, (W), sizeof((W)[0]), (3)}, {DVMH_DISTR_GENBLOCK, (G), sizeof((G)[0]), 0}}
#pragma dvm array distribute[wgtblock(W, 3)][genblock(G)]
double A[12][8];
// CHECK: (dvmh_distr[]){{[{][{]}}DVMH_DISTR_MULTBLOCK, NULL, 0, (4)}}
#pragma dvm array distribute[multblock(4)]
double B[16];
