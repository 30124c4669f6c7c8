/* Input of header_code_directive.c: a region in a function of a header. */
#define N 8
#pragma dvm array distribute[block]
extern double R[N];
static inline void clear_r(void)
{
    int i;
#pragma dvm region
    {
#pragma dvm parallel([i] on R[i])
        for (i = 0; i < N; i++)
            R[i] = 0;
    }
}
