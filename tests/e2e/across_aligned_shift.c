/* across pipelines whose arrays are aligned with an offset (and a stride
 * along another dimension) to the loop's 'on' target: a template
 * (A[i] with T[i + 1], loop on T[i + 1]), an array (B[i] with A[i + 1],
 * loop on A[i + 1]), 2-D with T[2*i + 1][j + 2], a downward sweep, and a
 * loop on a template holding two arrays aligned differently. The stages'
 * ranges were taken as the arrays' own indices: wrong results on
 * several processes. */
#include <stdio.h>

#define N 40
#define M 14

#pragma dvm template[N + 3] distribute[block]
void *T;
#pragma dvm array align([i] with T[i + 1])
long A[N];
#pragma dvm array align([i] with T[i + 3])
long C[N];
#pragma dvm array align([i] with A[i + 1])
long B[N - 1];
#pragma dvm template[2 * N + 3][M + 4] distribute[block][block]
void *T2;
#pragma dvm array align([i][j] with T2[2 * i + 1][j + 2]), shadow[1][1]
long D[N][M];

int main(void)
{
    long s = 0;
#pragma dvm parallel([i] on T[i + 1])
    for (int i = 0; i < N; i++)
        A[i] = i % 5 + 1;
#pragma dvm parallel([i] on T[i + 3])
    for (int i = 0; i < N; i++)
        C[i] = i % 3 + 2;
#pragma dvm parallel([i] on B[i])
    for (int i = 0; i < N - 1; i++)
        B[i] = i % 7 + 1;
#pragma dvm parallel([i][j] on D[i][j])
    for (int i = 0; i < N; i++)
        for (int j = 0; j < M; j++)
            D[i][j] = (i * 7 + j * 5) % 23;

#pragma dvm parallel([i] on T[i + 1]) across(A[1:0])
    for (int i = 1; i < N; i++)
        A[i] = (A[i - 1] * 2 + A[i]) % 100003;
#pragma dvm parallel([i] on A[i + 1]) across(B[1:0])
    for (int i = 1; i < N - 1; i++)
        B[i] = (B[i - 1] * 3 + B[i]) % 100003;
    /* downward, and a second array aligned two further */
#pragma dvm parallel([i] on T[i + 3]) across(C[0:1])
    for (int i = N - 2; i >= 0; i--)
        C[i] = (C[i + 1] * 5 + C[i]) % 100003;
#pragma dvm parallel([i][j] on T2[2 * i + 1][j + 2]) across(D[1:0][1:0])
    for (int i = 1; i < N; i++)
        for (int j = 1; j < M; j++)
            D[i][j] = (D[i - 1][j] * 3 + D[i][j - 1]) % 1013;

#pragma dvm parallel([i] on A[i]) reduction(sum(s))
    for (int i = 0; i < N; i++)
        s += A[i] * (i + 1);
#pragma dvm parallel([i] on C[i]) reduction(sum(s))
    for (int i = 0; i < N; i++)
        s += C[i] * (i + 2);
#pragma dvm parallel([i] on B[i]) reduction(sum(s))
    for (int i = 0; i < N - 1; i++)
        s += B[i] * (i + 3);
#pragma dvm parallel([i][j] on D[i][j]) reduction(sum(s))
    for (int i = 0; i < N; i++)
        for (int j = 0; j < M; j++)
            s += D[i][j] * (i + j + 1);
    printf("s %ld A %ld B %ld C %ld D %ld\n", s, A[N - 1], B[N - 2], C[0], D[N - 1][M - 1]);
    return 0;
}
