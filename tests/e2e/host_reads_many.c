/* Host code reading many elements of distributed arrays (checksums and
 * printouts outside parallel loops, in main and in a function), with
 * changes in between that the reads must see: an owner-computes
 * assignment, loops on the host and in a region (the newest values on an
 * accelerator), an address passed to sscanf, a loop writing another
 * array, a pointer array freed and created again with another size, an
 * assignment in a remote_access block and a pointer to an element kept
 * and written through later.
 * After a few reads every process fetches the whole array once and reads
 * that copy until the array changes: on 4 processes each element read
 * cost two collectives before (minutes for this program on a 2-core
 * machine). The exit status says whether a checksum cost at most one
 * such fetch (bytes this process sent for it). */
#include <stdio.h>
#include <stdlib.h>

#define N 60
#define M 50

#pragma dvm array distribute[block][block]
double A[N][M];
#pragma dvm array align([i][j] with A[i][j])
int C[N][M];
#pragma dvm array distribute[block]
float *P;
#pragma dvm array distribute[block]
double W[20];

double host_sum(void)
{
    int i, j;
    double s = 0;
    for (i = 0; i < N; i++)
        for (j = 0; j < M; j++)
            s += A[i][j] * (i % 5 + 1) - j;
    return s;
}

long int_sum(void)
{
    int i, j;
    long s = 0;
    for (i = 0; i < N; i++)
        for (j = 0; j < M; j++)
            s += (long)C[i][j] * (j % 3 + 1);
    return s;
}

double p_sum(int n)
{
    int i;
    double s = 0;
    for (i = 0; i < n; i++)
        s += P[i] * (i % 4);
    return s;
}

int main(void)
{
    int i, j, k, bad = 0;
#pragma dvm parallel([i][j] on A[i][j])
    for (i = 0; i < N; i++)
        for (j = 0; j < M; j++) {
            A[i][j] = (i * 13 + j * 7) % 17 * 0.5;
            C[i][j] = i - j;
        }
#pragma dvm parallel([i] on W[i])
    for (i = 0; i < 20; i++)
        W[i] = i % 6;
    printf("sum %.3f ints %ld\n", host_sum(), int_sum());
#ifdef _DVMH
    unsigned long long before = dvmh_bytes_moved(DVMH_MOVE_REMOTE, DVMH_MOVE_PROCESSES);
#endif
    double again = host_sum();
#ifdef _DVMH
    /* unchanged since the last checksum: read from the copy, nothing sent */
    if (dvmh_bytes_moved(DVMH_MOVE_REMOTE, DVMH_MOVE_PROCESSES) != before)
        bad = 1;
#endif
    printf("again %.3f\n", again);

    A[3][4] = 100.5; /* the owner writes: every copy is out of date */
    printf("A[3][4] %.2f sum %.3f\n", A[3][4], host_sum());
    for (k = 0; k < 6; k++)
        A[k][k] = A[k][k] + k;
    printf("diagonal sum %.3f\n", host_sum());

#pragma dvm parallel([i][j] on A[i][j])
    for (i = 0; i < N; i++)
        for (j = 0; j < M; j++)
            A[i][j] = A[i][j] * 0.75 + C[i][j];
    printf("loop sum %.3f\n", host_sum());

    for (k = 0; k < 3; k++) {
#pragma dvm region
        {
#pragma dvm parallel([i][j] on A[i][j])
            for (i = 0; i < N; i++)
                for (j = 0; j < M; j++)
                    A[i][j] = A[i][j] * 0.5 + (i + j + k) % 3;
        }
        /* the newest values are on an accelerator */
        printf("region %d sum %.3f row", k, host_sum());
        for (j = 0; j < M; j += 7)
            printf(" %.2f", A[N - 1 - k][j]);
        printf("\n");
    }

    /* a host loop reading A and writing C: C changes, A does not */
    for (i = 0; i < N; i++) {
        double t = A[i][M - 1];
        C[i][0] = (int)(t * 4) + C[i][1];
    }
    printf("ints %ld sum %.3f\n", int_sum(), host_sum());

    sscanf("7.25", "%lf", &A[5][5]);
    printf("A[5][5] %.2f sum %.3f\n", A[5][5], host_sum());

    for (k = 1; k <= 2; k++) {
        int n = N * k + 3;
        P = malloc(n * sizeof(float));
#pragma dvm parallel([i] on P[i])
        for (i = 0; i < n; i++)
            P[i] = (float)(i % 9) * k;
        printf("P %d %.1f %.1f\n", n, p_sum(n), P[n - 1]);
        free(P);
    }
#ifdef _DVMH
    before = dvmh_bytes_moved(DVMH_MOVE_REMOTE, DVMH_MOVE_PROCESSES);
#endif
    A[0][0] = 1.5;
    again = host_sum();
#ifdef _DVMH
    /* one fetch: this process sends at most its part to each other one */
    if (dvmh_bytes_moved(DVMH_MOVE_REMOTE, DVMH_MOVE_PROCESSES) - before >
        (unsigned long long)N * M * sizeof(double) * dvmh_process_count())
        bad = 1;
#endif
    printf("end %.3f\n", again);

    /* an assignment in a remote_access block (on its view of A) */
#pragma dvm remote_access(A[N - 1][M - 1])
    {
        A[2][2] = A[N - 1][M - 1] + 1;
    }
    printf("remote %.2f %.3f\n", A[2][2], host_sum());
    /* a pointer to an element kept and written through later, between
     * reads (from then on W's reads use no copy: element by element) */
    {
        double *q = &W[7];
        double w = 0;
        for (i = 0; i < 20; i++)
            w += W[i] * i;
        *q = -3.5;
        for (i = 0; i < 20; i++)
            w += W[i] * i;
        printf("kept %.2f %.3f\n", W[7], w);
    }
    return bad;
}
