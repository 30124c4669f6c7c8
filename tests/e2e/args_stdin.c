/* main's arguments and standard input: sizes come from argv, numbers and a
 * word from stdin (read once, given to every process), and they steer the
 * distributed computation; main returns a status computed from them. */
// ARGS: 13 five
// STDIN: args_stdin.txt
// TOLERANCE: 1e-12
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 5, a, b, i, j;
    double x[3], s = 0;
    char word[32];
    if (scanf("%d %d", &a, &b) != 2 || scanf("%lf %lf %lf", &x[0], &x[1], &x[2]) != 3 ||
        scanf("%31s", word) != 1) {
        printf("bad input\n");
        return 1;
    }
#pragma dvm array distribute[block][block]
    double (*M)[n];
    M = malloc(sizeof(double) * n * n);
#pragma dvm parallel([i][j] on M[i][j])
    for (i = 0; i < n; i++)
        for (j = 0; j < n; j++)
            M[i][j] = x[(i + j) % 3] * ((i * a + j * b) % 11);
#pragma dvm parallel([i][j] on M[i][j]) reduction(sum(s))
    for (i = 0; i < n; i++)
        for (j = 0; j < n; j++)
            s += M[i][j];
    free(M);
    printf("argc=%d argv[2]=%s n=%d a=%d b=%d word=%s len=%zu\n", argc, argc > 2 ? argv[2] : "-",
           n, a, b, word, strlen(word));
    printf("sum=%.6f\n", s);
    return (int)strlen(word) + argc;
}
