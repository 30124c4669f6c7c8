// RUN: %cdvmh %s -o - | grep -v "^// " | FileCheck %s
// shadow_renew(X["e1", "e2"]), DVM's form, is X["e1"], X["e2"].
#define NN 12
int part[NN];
int nbr[NN][2];
#pragma dvm template[NN]
void *TN;
#pragma dvm array align([i] with TN[i])
double X[NN];
#pragma dvm array align([i] with TN[i])
double Y[NN];
#pragma dvm array align([i] with TN[i])
double Z[NN];
void f(void)
{
    int n;
#pragma dvm redistribute(TN[indirect(part)])
#pragma dvm shadow_add(TN[nbr[n][0] with TN[@n]] = "right") include_to(X)
#pragma dvm shadow_add(TN[nbr[n][1] with TN[@n]] = "left") include_to(X, Y)
// CHECK: dvmh_loop_shadow_renew_edge(dvmh_L, 1, "right");
// CHECK-NEXT: dvmh_loop_shadow_renew_edge(dvmh_L, 1, "left");
// CHECK-NEXT: dvmh_loop_shadow_renew_edge(dvmh_L, 3, "left");
#pragma dvm parallel([n] on TN[n]) shadow_renew(X["right", "left"], Y["left"])
    for (n = 0; n < NN; n++)
        Z[n] = X[nbr[n][0]] + 2 * X[nbr[n][1]] + Y[nbr[n][1]];
}
