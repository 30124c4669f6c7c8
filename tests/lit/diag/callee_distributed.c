// RUN: %not %cdvmh %s -o /dev/null 2>&1 | FileCheck %s
// A function called in a parallel loop runs in the handler on host
// memory: an array it writes itself (distributed or not) is not supported
// yet; the call site in the loop is named. Reading a distributed array
// there is fine (the local part and shadow edges, as in the loop).
#define N 16
#pragma dvm array distribute[block], shadow[1:1]
double w[N];
#pragma dvm array align([i] with w[i])
double r[N];
double t[N];
static double lap(int i) { return w[i - 1] - 2 * w[i] + w[i + 1]; }
static double via(int i) { return lap(i) + 1; }
static void keep(int i, double v) { t[i] = v; }
static void put(int i, double v) { w[i] = v; }
void k(void)
{
    int i;
// CHECK-NOT: 'lap', called in a parallel loop
#pragma dvm parallel([i] on r[i]) shadow_renew(w)
    for (i = 1; i < N - 1; i++)
        r[i] = via(i);
// CHECK: callee_distributed.c:[[@LINE+3]]:9: error: not supported yet: 'keep', called in a parallel loop, writes the array 't' itself
#pragma dvm parallel([i] on r[i])
    for (i = 1; i < N - 1; i++)
        keep(i, r[i]);
// CHECK: callee_distributed.c:[[@LINE+3]]:9: error: not supported yet: 'put', called in a parallel loop, writes the distributed array 'w' itself (pass what it needs as arguments, or write it as a macro)
#pragma dvm parallel([i] on r[i])
    for (i = 1; i < N - 1; i++)
        put(i, r[i]);
}
