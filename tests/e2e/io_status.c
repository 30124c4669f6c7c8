/* Input and output as in the sequential program: a file written and read
 * back, host code between loops, and main's value as the exit status. */
#include <stdio.h>
#include <stdlib.h>

#define N 12

#pragma dvm array distribute[block]
int A[N];

int main(void)
{
    int i, v, total = 0;
    FILE *f = fopen("io_status.txt", "w");
    if (!f)
        return 2;
#pragma dvm parallel([i] on A[i])
    for (i = 0; i < N; i++)
        A[i] = i * i - 5;
    /* Host code reads elements other processes own: fetch them first. */
#pragma dvm remote_access(A[])
    {
        for (i = 0; i < N; i += 3)
            fprintf(f, "%d\n", A[i]);
    }
    fclose(f);
    f = fopen("io_status.txt", "r");
    while (fscanf(f, "%d", &v) == 1) {
        total += v;
        printf("read %d\n", v);
    }
    fclose(f);
    remove("io_status.txt");
    A[2] = total;
    puts("done");
#pragma dvm remote_access(A[2])
    {
        printf("A[2]=%d\n", A[2]);
    }
    return total % 7 + 3;
}
