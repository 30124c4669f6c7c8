// RUN: %not %cdvmh %s -o /dev/null 2>&1 | FileCheck %s
// A parallel loop that writes into a struct variable's members is not
// supported yet (only arrays are loop data); reading them is fine, and so
// is writing through a pointer to the struct.
#define N 8
struct field { double u[N]; double *p; };
struct field F;
void f(void)
{
    int i;
    struct field *pf = &F;
    double s = 0;
#pragma dvm parallel([i])
    for (i = 0; i < N; i++)
// CHECK: struct_member_write.c:[[@LINE+1]]:9: error: not supported yet: a parallel loop writing into the struct variable 'F' (its members); write through a pointer to it, or keep the array outside the struct
        F.u[i] = i;
#pragma dvm parallel([i]) reduction(sum(s))
    for (i = 0; i < N; i++)
        s += F.u[i];
#pragma dvm parallel([i])
    for (i = 0; i < N; i++)
        pf->u[i] = s;
}
// CHECK: 1 error generated.
