/* Input of header_code_use.c: header code that reads a distributed array. */
#define N 8
#pragma dvm array distribute[block]
extern double R[N];
static inline double first_r(void)
{
    return R[0];
}
