// RUN: %cdvmh --check %s -o - | grep -v "^// " | FileCheck %s
// RUN: %clang_plugin -fopenmp -Wall -Wno-unused-variable -Werror -Xclang -plugin-arg-cdvmh -Xclang check -c %s -o %t.o
// Check mode: private variables get a flag each, cleared at every
// iteration's start, set by writes, checked by reads (reports name the
// line, the variable and the loop indices).
#define TWICE(x) (2 * (x))
double a[10][10];
void g(double *row);
void f(void)
{
    int i, j, k, n;
    double t, u, row[10], w, *p;
// CHECK: for (int j = dvmh_lo1; j <= dvmh_hi1; j++)
// CHECK-NEXT: #line [[#L:]]
// CHECK-NEXT: {unsigned char dvmh_cw0 = 0; unsigned char dvmh_cw1 = 0; unsigned char dvmh_cw2 = 0; unsigned char dvmh_cw3 = 0; unsigned char dvmh_cw4 = 0; unsigned char dvmh_cw6 = 0;{{ *$}}
#pragma dvm parallel([i][j]) private(t, u, row, k, w, n, p)
    for (i = 0; i < 10; i++)
        for (j = 0; j < 10; j++) {
// a statement assignment sets the flag after the value is computed
// CHECK-NEXT: (t = a[i][j], dvmh_cw0 = 1);
            t = a[i][j];
// a read is checked
// CHECK-NEXT: (u = (*((void)(dvmh_cw0 || (dvmh_check_private_read("{{.*}}check_private.c", [[#L+6]], "t", "i, j", 2, (dvmh_idx[]){(dvmh_idx)i, (dvmh_idx)j}), 0)), &t)) + 1, dvmh_cw1 = 1);
            u = t + 1;
// an assignment whose value is used: the flag is set after the value
// CHECK-NEXT: (w = u = ({ __auto_type dvmh_cv = (2); dvmh_cw1 = 1; dvmh_cv; }), dvmh_cw4 = 1);
            w = u = 2;
// compound assignment and increment: checked, then set
// CHECK-NEXT: (*((void)(dvmh_cw1 || (dvmh_check_private_read({{.*}}, [[#L+12]], "u", {{.*}}), 0)), dvmh_cw1 = 1, &u)) += 1;
            u += 1;
// a 'for' header: its first part as a statement
// CHECK-NEXT: for ((k = 0, dvmh_cw3 = 1); (*({{.*}}"k"{{.*}}&k)) < 10; (*({{.*}}"k"{{.*}}dvmh_cw3 = 1, &k))++)
            for (k = 0; k < 10; k++)
// an element written: the array's flag set
// CHECK-NEXT: (row[(*({{.*}}&k))] = (*({{.*}}&u)), dvmh_cw2 = 1);
                row[k] = u;
// the array passed as a pointer: its flag set, not checked
// CHECK-NEXT: g((*(dvmh_cw2 = 1, &row)));
            g(row);
// an address taken counts as a write; sizeof is not a read
// CHECK-NEXT: (p = &(*(dvmh_cw4 = 1, &w)), dvmh_cw6 = 1);
            p = &w;
// CHECK-NEXT: a[i][j] = (*({{.*}}"row"{{.*}}&row))[3] + sizeof n;
            a[i][j] = row[3] + sizeof n;
// n occurs in a macro's expansion: not checked
// CHECK-NEXT: n = TWICE(n);
            n = TWICE(n);
// CHECK-NEXT: *(*({{.*}}"p"{{.*}}&p)) = 1;
            *p = 1;
        }
// a body of one statement: in braces with its flags
// CHECK: for (int i = dvmh_lo0; i <= dvmh_hi0; i++)
// CHECK-NEXT: #line [[#@LINE+4]]
// CHECK-NEXT: { unsigned char dvmh_cw0 = 0; a[i][0] = (*((void)(dvmh_cw0 || (dvmh_check_private_read({{.*}}, [[#@LINE+3]], "t", "i", 1, (dvmh_idx[]){(dvmh_idx)i}), 0)), &t)); }
#pragma dvm parallel([i]) private(t)
    for (i = 0; i < 10; i++)
        a[i][0] = t;
}
