// RUN: %cdvmh %s -o - | grep -v "^// " | FileCheck %s
// Intervals: the statement form before a region, a parallel loop, a plain
// statement (the body of an 'if'); the paired form (interval ...
// endinterval), nested, with exitinterval before a jump out of them.
#pragma dvm array distribute[block]
double A[16];
int f(int n)
{
    int i, it;
// CHECK: { dvmh_interval_begin(__FILE__, [[@LINE+1]], 0); {{$}}
#pragma dvm interval
#pragma dvm region out(A)
    {
#pragma dvm parallel([i] on A[i])
        for (i = 0; i < 16; i++)
            A[i] = i;
    }
// the region's end, then the interval's
// CHECK: } dvmh_region_end(__FILE__, {{[0-9]+}}); } dvmh_interval_end(__FILE__, [[@LINE-8]]); }
// CHECK: { dvmh_interval_begin(__FILE__, [[@LINE+1]], 2); {{$}}
#pragma dvm interval(2)
#pragma dvm parallel([i] on A[i])
    for (i = 0; i < 16; i++)
        A[i] += 1;
// CHECK: dvmh_loop_run(dvmh_L);
// CHECK: dvmh_interval_end(__FILE__, [[@LINE-5]]); }
    if (n > 3)
// CHECK: { dvmh_interval_begin(__FILE__, [[@LINE+1]], 3 + 1); {{$}}
#pragma dvm interval 3 + 1
        n--;
// CHECK-NEXT: n--; dvmh_interval_end(__FILE__, [[@LINE-2]]); }
// CHECK: dvmh_interval_begin(__FILE__, [[@LINE+1]], 10);{{$}}
#pragma dvm interval 10
    for (it = 0; it < n; it++) {
// CHECK: dvmh_interval_begin(__FILE__, [[@LINE+1]], 11);{{$}}
#pragma dvm interval(11)
        if (it == 5) {
// CHECK: dvmh_interval_end(__FILE__, [[@LINE-2]]); dvmh_interval_end(__FILE__, [[@LINE-5]]);{{$}}
#pragma dvm exitinterval 11, (10)
            return it;
        }
// CHECK: dvmh_interval_end(__FILE__, [[@LINE-6]]);{{$}}
#pragma dvm endinterval
    }
// CHECK: dvmh_interval_end(__FILE__, [[@LINE-12]]);{{$}}
#pragma dvm endinterval
    return 0;
}
