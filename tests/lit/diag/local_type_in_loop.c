// RUN: %not %cdvmh %s -o /dev/null 2>&1 | FileCheck %s
// The handlers are functions of the file: a type declared in the loop's
// function, outside the loop, is not visible there (a typedef, an enum's
// constant, a variable of a local struct type). File-scope types, and
// types declared in the body itself, are fine.
// CHECK: local_type_in_loop.c:29:9: error: not supported yet: type 'L', declared in the function, in a parallel loop (declare it at file scope)
// CHECK: local_type_in_loop.c:34:20: error: not supported yet: type 'enum mode', declared in the function
// CHECK: local_type_in_loop.c:37:20: error: not supported yet: type 'struct pt', declared in the function
// CHECK-NOT: error:
typedef struct {
    double x, y;
} G;
#pragma dvm array distribute[block]
double R[8];
void f(void)
{
    typedef struct {
        double x, y;
    } L;
    enum mode { A1, A2 };
    struct pt {
        int a;
    } q = {3};
    int i;
#pragma dvm parallel([i] on R[i])
    for (i = 0; i < 8; i++) {
        G g = {i, 1};
        struct in { int b; } w = {2};
        L p = {i, 2.0 * i};
        R[i] = g.x + w.b + p.y;
    }
#pragma dvm parallel([i] on R[i])
    for (i = 0; i < 8; i++)
        R[i] = i + A2;
#pragma dvm parallel([i] on R[i])
    for (i = 0; i < 8; i++)
        R[i] = i + q.a;
}
