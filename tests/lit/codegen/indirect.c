// RUN: %cdvmh %s -o - | grep -v "^// " | FileCheck %s
// indirect(part) distributions, shadow_add with include_to, shadow_renew
// of a named edge, localize/unlocalize (no code: indices stay global).
#define NN 10
int part[NN];
// (D is created at the end of the file: its CHECK comes last)
#pragma dvm array distribute[indirect(part)]
double D[NN];
#pragma dvm template[NN]
void *TN;
#pragma dvm array align([n] with TN[n])
double X[NN];
#pragma dvm array align([n] with TN[n])
double Y[NN];
#pragma dvm array align([n][] with TN[n])
int nbr[NN][2];

int main(void)
{
    int n;
// CHECK: dvmh_redistribute(__FILE__, __LINE__, TN, (dvmh_distr[]){{[{][{]}}DVMH_DISTR_INDIRECT, (part), sizeof((part)[0]), 0}});
#pragma dvm redistribute(TN[indirect(part)])
// CHECK: dvmh_shadow_edge *dvmh_E = dvmh_shadow_add_begin(__FILE__, __LINE__, TN, "nb");
// CHECK-NEXT: dvmh_get_actual_array(__FILE__, __LINE__, nbr, NULL);
// CHECK-NEXT: for (dvmh_idx dvmh_k = 0; dvmh_k < dvmh_shadow_add_owned_count(dvmh_E); dvmh_k++) {
// CHECK-NEXT: dvmh_idx v = dvmh_shadow_add_owned(dvmh_E, dvmh_k);
// CHECK-NEXT: dvmh_shadow_add_point(dvmh_E, (dvmh_idx)(DVMH_AT2(nbr, int, v, 0)));
// CHECK-NEXT: dvmh_shadow_add_point(dvmh_E, (dvmh_idx)((v + 1) % NN));
// CHECK-NEXT: }
// CHECK-NEXT: dvmh_shadow_add_include(dvmh_E, X);
// CHECK-NEXT: dvmh_shadow_add_end(dvmh_E);
#pragma dvm shadow_add(TN[nbr[v][0], (v + 1) % NN with TN[@v]] = "nb") include_to(X)
// CHECK-NOT: localize
#pragma dvm localize(nbr => X)
#pragma dvm region
    {
// CHECK: dvmh_loop_shadow_renew_edge(dvmh_L, {{[0-9]+}}, "nb");
#pragma dvm parallel([n] on TN[n]) shadow_renew(X["nb"])
        for (n = 0; n < NN; n++)
            Y[n] = X[nbr[n][0]] + X[nbr[n][1]];
    }
#pragma dvm unlocalize(nbr)
    return 0;
}
// CHECK: D = dvmh_array_create({{.*}}(dvmh_distr[]){{[{][{]}}DVMH_DISTR_INDIRECT, (part), sizeof((part)[0]), 0}});
