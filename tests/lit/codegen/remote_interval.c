// RUN: %cdvmh %s -o - | grep -v "^// " | FileCheck %s
// remote_access blocks, intervals, redistribute and realign.
#pragma dvm array distribute[block]
double A[8];
#pragma dvm array align([i] with A[i])
double B[8];
double f(int k)
{
    double s = 0;
// CHECK: { dvmh_remote_begin(__FILE__, [[@LINE+1]]); dvmh_remote_array(A, (dvmh_rule[]){{[{][{]}}DVMH_RULE_CONST, 0, 0, (k)}}); {
#pragma dvm remote_access(A[k])
    {
        s = A[k];
    }
// CHECK: dvmh_remote_end(__FILE__, {{[0-9]+}}); }
// CHECK: { dvmh_interval_begin(__FILE__, [[@LINE+1]], 7); {{$}}
#pragma dvm interval(7)
    {
        s += 1;
    }
// CHECK: s += 1;
// CHECK-NEXT: } dvmh_interval_end(__FILE__, {{[0-9]+}}); }
// CHECK: dvmh_redistribute(__FILE__, __LINE__, A, (dvmh_distr[]){{[{][{]}}DVMH_DISTR_NONE, NULL, 0, 0}});
#pragma dvm redistribute(A[*])
// CHECK: dvmh_realign(__FILE__, __LINE__, B, A, (dvmh_rule[]){{[{][{]}}DVMH_RULE_LINEAR, 0, (2), (+(1))}});
#pragma dvm realign(B[i] with A[2*i+1])
    return s;
}
