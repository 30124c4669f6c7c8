#define N 12
#pragma dvm template[N] distribute[block]
void *T;
#pragma dvm array align([i] with T[i])
double A[N];
double work(void)
{
    int i;
    double s = 0;
#pragma dvm parallel([i] on T[i])
    for (i = 0; i < N; i++)
        A[i] = i;
#pragma dvm parallel([i] on A[i]) reduction(sum(s))
    for (i = 0; i < N; i++)
        s += A[i] * A[i];
    return s;
}
