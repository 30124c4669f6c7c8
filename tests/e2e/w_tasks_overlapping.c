/* Subtasks on groups of several processors (onto ranges, which overlap
 * on 3 and 4 processes: a process runs two subtasks, each pipeline with
 * its partners of that group; the across tags were counted per process,
 * not per group, and the pipelines hung). Inside each,
 * an across pipeline over two arrays with stage, a remote_access loop,
 * redistribute of the subtask's array in the middle of its iterations,
 * intervals, host reads; then exit() with a computed status from a
 * function called after the task region. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
// TOLERANCE: 1e-9
#define NB 3

#pragma dvm task grp[NB]

static void stop(double tot, int n)
{
    printf("stop %.9f %d\n", tot, n);
    exit(n);
}

static void solve(int b, int n, double out[4])
{
#pragma dvm array distribute[block][block]
    double A[n][n];
#pragma dvm array align([i][j] with A[i][j])
    double B[n][n];
    int i, j, it;
    double s = 0, mx = -1;
    int loc[2] = {-1, -1};
#pragma dvm region out(A, B)
    {
#pragma dvm parallel([i][j] on A[i][j])
        for (i = 0; i < n; i++)
            for (j = 0; j < n; j++) {
                A[i][j] = ((i * 3 + j * 5 + b) % 7) * 0.5;
                B[i][j] = ((i + j * 2) % 5) * 0.25;
            }
    }
#pragma dvm interval 5
    for (it = 0; it < 4; it++) {
#pragma dvm interval 6
#pragma dvm region
        {
#pragma dvm parallel([i][j] on A[i][j]) across(A[1:0][1:0], B[0:1][0:1]) stage(2)
            for (i = 1; i < n - 1; i++)
                for (j = 1; j < n - 1; j++) {
                    A[i][j] = 0.3 * (A[i - 1][j] + A[i][j - 1]) + 0.2 * B[i][j];
                    B[i][j] = 0.4 * (B[i + 1][j] + B[i][j + 1]) + 0.1 * A[i][j];
                }
        }
        if (it == 1) {
#pragma dvm redistribute(A[block][*])
        }
        if (it == 2) {
#pragma dvm redistribute(A[*][block])
        }
    }
#pragma dvm endinterval
#pragma dvm region
    {
#pragma dvm parallel([i][j] on B[i][j]) remote_access(A[n - 1 - i][n - 1 - j])
        for (i = 0; i < n; i++)
            for (j = 0; j < n; j++)
                B[i][j] += A[n - 1 - i][n - 1 - j];
#pragma dvm parallel([i][j] on B[i][j]) reduction(sum(s), maxloc(mx, loc))
        for (i = 0; i < n; i++)
            for (j = 0; j < n; j++) {
                s += B[i][j] * (i + 1) * (j + 3);
                if (B[i][j] > mx) {
                    mx = B[i][j];
                    loc[0] = i;
                    loc[1] = j;
                }
            }
    }
#pragma dvm get_actual(s, mx, loc)
    out[0] = s;
    out[1] = mx;
    out[2] = loc[0] * 1000 + loc[1];
    out[3] = A[n / 2][n / 2 + 1];
#ifdef _DVMH
    (void)0;
#endif
}

int main(void)
{
    int b, sz[NB] = {14, 22, 11};
    double o[NB][4], tot = 0;
    for (b = 0; b < NB; b++) {
#pragma dvm map(grp[b] onto((b == 0 ? 0 : 1) : (b == 2 ? 3 : b + 1)))
    }
#pragma dvm task_region(grp)
    {
#pragma dvm parallel([b] on grp[b]) reduction(sum(tot))
        for (b = 0; b < NB; b++) {
            solve(b, sz[b], o[b]);
            tot += o[b][0];
        }
    }
    for (b = 0; b < NB; b++)
        printf("%d: %.9f %.9f %.0f %.9f\n", b, o[b][0], o[b][1], o[b][2], o[b][3]);
    stop(tot, (int)fmod(fabs(tot), 97.0) + 1);
    return 0;
}
