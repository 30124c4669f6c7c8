/* Input of multi_file.c: the array both files use. */
#define N 12
#pragma dvm array distribute[block]
extern double X[N];
double fill(void);
