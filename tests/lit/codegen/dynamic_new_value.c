// RUN: %cdvmh %s -o - | grep -v "^// " | FileCheck %s
// DVM's 'dynamic' (an array or template that may be redistributed: any
// may be here) is accepted and changes nothing; realign ... new_value
// calls the runtime entry that keeps no values.
#define N 32
#pragma dvm template[N] distribute[block], dynamic
void *T;
#pragma dvm array distribute[block], dynamic
double A[N];
#pragma dvm array align([i] with T[i]) dynamic
double B[N];
int main(void)
{
// CHECK: dvmh_realign_new_value(__FILE__, __LINE__, B, A, (dvmh_rule[]){{[{][{]}}DVMH_RULE_LINEAR, 0, (-1), ((N) + (-1))}});
#pragma dvm realign(B[i] with A[N - (i) - 1]) new_value
// CHECK: dvmh_realign(__FILE__, __LINE__, B, T,
#pragma dvm realign(B[i] with T[i])
    return 0;
}
// CHECK: T = dvmh_template_create(
// CHECK: A = dvmh_array_create(
