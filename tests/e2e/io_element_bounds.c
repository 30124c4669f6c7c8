/* fread into a row past the end of a distributed array stops the program
 * on every process with a message naming the line of the call. */
// E2E: expect-run-error io_element_bounds.c:16: error: fread/fwrite from index 9 of dimension 1 of the distributed array 'A'
#include <stdio.h>

#define N 9
#define M 4

#pragma dvm array distribute[block][block]
double A[N][M];

int main(int argc, char **argv)
{
    FILE *f = fopen(argv[0], "rb"); /* the program itself */
    int row = N + argc - 1;
    size_t got = f ? fread(A[row], sizeof(double), M, f) : 0;
    printf("%zu\n", got);
    return 0;
}
