/* remote_access(A[]) of a whole distributed array in a loop of a region:
 * every iteration reads all of A, so a device's piece needs the elements
 * the loop's other pieces own (on one process: no remote buffer, the
 * elements must be made actual on the device). A is then updated from B,
 * so the next step reads new values on the devices again. */
#include <stdio.h>
#define N 50
// TOLERANCE: 1e-9
#pragma dvm array distribute[block]
double A[N];
#pragma dvm array align([i] with A[i])
double B[N];
int main(void)
{
    int i, j;
    double s = 0;
#pragma dvm region out(A, B)
    {
#pragma dvm parallel([i] on A[i])
        for (i = 0; i < N; i++) {
            A[i] = 1.0 + (i * 7) % 11;
            B[i] = 0;
        }
    }
    for (int t = 0; t < 3; t++) {
#pragma dvm region
        {
#pragma dvm parallel([i] on B[i]) private(j) remote_access(A[]) reduction(sum(s))
            for (i = 0; i < N; i++) {
                for (j = 0; j < N; j++)
                    B[i] += A[j] * ((i + j) % 3);
                s += B[i] * (i % 5 + 1);
            }
#pragma dvm parallel([i] on A[i])
            for (i = 0; i < N; i++)
                A[i] = A[i] * 0.5 + B[i] * 0.001;
        }
    }
#pragma dvm get_actual(s)
    printf("s = %.6e\n", s);
    return 0;
}
