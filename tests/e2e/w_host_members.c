/* Forms of other people's programs (found by running them): host code
 * reading and writing members of distributed struct elements, reading
 * input into distributed elements with fscanf and writing through their
 * addresses, loop
 * variables used after parallel loops, macros defined (and redefined)
 * inside main that loop bodies use, and a main without a return
 * statement (exit status 0). */
#include <stdio.h>

#define N 12

typedef struct {
    double x, y;
    int v[3];
    struct {
        int a, b;
    } in;
} P;

#pragma dvm array distribute[block]
P A[N];

#pragma dvm array distribute[block][block]
int G[N][N];

static void set_y(double *p, double v)
{
    *p = v;
}

int main(void)
{
    int i, j;
    long s = 0;
    double in[N];
    FILE *f = fopen("w_host_members.tmp", "w");
    for (i = 0; i < N; i++)
        fprintf(f, "%d.25\n", i * 3);
    fclose(f);
#pragma dvm region
    {
#pragma dvm parallel([i] on A[i])
        for (i = 0; i < N; i++) {
            A[i].x = i + 1;
            A[i].y = -i - 1;
            A[i].v[0] = i;
            A[i].v[1] = 2 * i;
            A[i].v[2] = 3 * i;
            A[i].in.a = 10 * i;
            A[i].in.b = 0;
        }
    }
    printf("after the first loop i=%d\n", i);
    f = fopen("w_host_members.tmp", "r");
    for (i = 0; i < N; i++)
        fscanf(f, "%lf", &A[i].x);
    fclose(f);
    remove("w_host_members.tmp");
    set_y(&A[7].y, 0.5);
    for (i = 0; i < N; i++)
        in[i] = A[i].x + A[i].y;
    printf("in: %.2f %.2f %.2f\n", in[0], in[7], in[N - 1]);
#pragma dvm get_actual(A)
    P p = A[N - 1];
    printf("%.0f %.0f %.0f %d\n", A[3].x, A[N - 1].y, p.y, A[5].v[2] + A[0].in.a);
    A[6].y = 42;
    A[2].v[1] = 7;
    A[5].in.b += 3;
    A[N - 1].v[2]++;
    printf("%.0f %d %d %d %d\n", A[6].y, A[2].v[1], A[5].in.b, A[N - 1].v[2], A[4].in.a);
#pragma dvm actual(A)
#pragma dvm region
    {
#pragma dvm parallel([i] on A[i]) reduction(sum(s))
        for (i = 1; i < N - 1; i += 3)
            s += A[i].v[0] + A[i].v[1] + A[i].v[2] + A[i].in.a + A[i].in.b + (long)A[i].y;
#pragma dvm parallel([i][j] on G[i][j])
        for (i = N - 1; i >= 0; i--)
            for (j = 0; j < N; j += 5)
                G[i][j] = i - j;
    }
#pragma dvm get_actual(s)
    printf("s=%ld i=%d j=%d\n", s, i, j);
#define WEIGHT(k) ((k) % 3 + 1)
#define OFFSET 5
    long w1 = 0, w2 = 0;
#pragma dvm parallel([i] on A[i]) reduction(sum(w1))
    for (i = 0; i < N; i++)
        w1 += WEIGHT(i) * A[i].v[1] + OFFSET;
#undef WEIGHT
#undef OFFSET
#define WEIGHT(k) ((k) * 10)
#define OFFSET 1
#pragma dvm parallel([i] on A[i]) reduction(sum(w2))
    for (i = 0; i < N; i++)
        w2 += WEIGHT(i) + OFFSET;
    printf("w1=%ld w2=%ld\n", w1, w2);
    int empty = 0;
#pragma dvm parallel([i][j] on G[i][j]) reduction(sum(empty))
    for (i = 4; i < 4; i++)
        for (j = 0; j < N; j++)
            empty += G[i][j];
    printf("empty=%d i=%d j=%d G=%d\n", empty, i, j, G[N - 1][10]);
}
