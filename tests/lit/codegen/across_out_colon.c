// RUN: %cdvmh %s -o - | grep -v "^// " | FileCheck %s
// across(out: A[...]) (DVM's form: 'out:' before one item) as out(A[...]).
#define N 16
#pragma dvm array distribute[block][block]
double A[N][N], B[N][N];
int main(void)
{
    int i, j;
#pragma dvm region
    {
// CHECK: dvmh_loop_across(dvmh_L, 0, (dvmh_idx[]){(1), (1)}, (dvmh_idx[]){(0), (0)}, 1);
// CHECK-NEXT: dvmh_loop_across(dvmh_L, 1, (dvmh_idx[]){(1), (0)}, (dvmh_idx[]){(0), (0)}, 0);
#pragma dvm parallel([i][j] on A[i][j]) across(out: A[1:0][1:0], B[1:0][0:0])
        for (i = 1; i < N; i++)
            for (j = 1; j < N; j++) {
                A[i][j] = A[i - 1][j] + A[i][j - 1];
                B[i][j] = B[i - 1][j] + 1;
            }
    }
    return 0;
}
