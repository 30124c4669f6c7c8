// RUN: %cdvmh --remarks %s -o %t.c --cuda-out %t.cu 2>&1 | FileCheck %s
// RUN: grep -v "^// " %t.c | FileCheck %s --check-prefix=HOST
// across on arrays that neither 'on' nor 'tie' maps onto the loop (an
// ordinary array in a loop without 'on', an array aligned with the 'on'
// array): where every reference indexes each dimension with a dependence
// by the same loop variable, that is the mapping; the loop gets a CUDA
// handler (a wavefront along i) and its threads share j. Otherwise the
// loop stays on the host and a remark says why.
#pragma dvm array distribute[block][block]
double A[8][8];
#pragma dvm array align([i][j] with A[i][j])
double B[8][8];
double E[8][8];
void f(void)
{
    int i, j;
// CHECK: across_unmapped.c:[[@LINE+3]]:5: remark: parallel loop: CUDA handler '{{.*}}_cuda' generated (kernel '{{.*}}', wavefront over the dependent dimensions)
// CHECK: across_unmapped.c:[[@LINE+2]]:5: remark: parallel loop: host handler '{{.*}}' generated{{$}}
#pragma dvm parallel([i][j]) across(E[1:1][0:0])
    for (i = 1; i < 7; i++)
        for (j = 0; j < 8; j++)
            E[i][j] = (E[i - 1][j] + E[i + 1][j]) / 2;
// CHECK: across_unmapped.c:[[@LINE+3]]:5: remark: parallel loop: CUDA handler '{{.*}}_cuda' generated (kernel '{{.*}}', wavefront over the dependent dimensions)
// CHECK: across_unmapped.c:[[@LINE+2]]:5: remark: parallel loop: host handler '{{.*}}' generated{{$}}
#pragma dvm parallel([i][j] on A[i][j]) across(A[1:1][0:0], B[1:0][0:0])
    for (i = 1; i < 7; i++)
        for (j = 0; j < 8; j++) {
            B[i][j] = B[i - 1][j] + 1;
            A[i][j] = A[i - 1][j] + A[i + 1][j] + B[i][j];
        }
// E's first dimension is indexed by i and by j: no mapping
// CHECK: across_unmapped.c:[[@LINE+3]]:5: remark: parallel loop: no CUDA handler: not supported yet: across on 'E', which is not mapped onto the loop by 'on' or 'tie' nor indexed by the same loop variable in every reference; the loop runs on the host
// CHECK: across_unmapped.c:[[@LINE+2]]:5: remark: parallel loop: host handler '{{.*}}' generated; threads pipelined along dimension 2 (every dimension carries a dependency)
#pragma dvm parallel([i][j]) across(E[1:1][0:0])
    for (i = 1; i < 7; i++)
        for (j = 1; j < 7; j++)
            E[i][j] = (E[i - 1][j] + E[j][i]) / 2;
// a dependence along j that the widths do not declare: no mapping either
// (the old plan orders every dimension, as before)
// CHECK: across_unmapped.c:[[@LINE+3]]:5: remark: parallel loop: no CUDA handler: not supported yet: across on 'E', which is not mapped
// CHECK: across_unmapped.c:[[@LINE+2]]:5: remark: parallel loop: host handler '{{.*}}' generated; threads pipelined along dimension 2 (every dimension carries a dependency)
#pragma dvm parallel([i][j]) across(E[1:1][0:0])
    for (i = 1; i < 7; i++)
        for (j = 1; j < 7; j++)
            E[i][j] = (E[i - 1][j] + E[i][j - 1]) / 2;
}
// the first two loops: threads share dimension 1, no barrier
// HOST: while (dvmh_thread_next(dvmh_P, 1, dvmh_t, dvmh_n, &dvmh_tlo, &dvmh_thi))
// HOST: while (dvmh_thread_next(dvmh_P, 1, dvmh_t, dvmh_n, &dvmh_tlo, &dvmh_thi))
// HOST-NOT: omp barrier
// HOST: dvmh_pipe_run
// HOST: dvmh_pipe_run
// HOST: dvmh_loop_handler(dvmh_L, DVMH_DEV_CUDA,
// HOST: dvmh_loop_handler(dvmh_L, DVMH_DEV_CUDA,
// HOST-NOT: DVMH_DEV_CUDA
