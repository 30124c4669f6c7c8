/* Jacobi-3D benchmark written by hand in CUDA, in float and double (the
 * kernel of jacobi3d_dvmh.c): one thread per interior point, eps reduced
 * per block in shared memory and then with one atomic per block; and the
 * bandwidth of a device-to-device copy, the yardstick of bench/run.sh.
 * Usage: jacobi3d_cuda [L [ITMAX]] (default 384, 20). */
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CHECK(call)                                                                  \
    do {                                                                             \
        cudaError_t err_ = (call);                                                   \
        if (err_ != cudaSuccess) {                                                   \
            fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(err_)); \
            exit(1);                                                                 \
        }                                                                            \
    } while (0)

/* Atomic max for non-negative floating values through their integer bits
 * (for non-negative IEEE values the order of the bits is the order of the
 * values). */
__device__ static void atomic_max_nonneg(float *a, float v)
{
    atomicMax(reinterpret_cast<int *>(a), __float_as_int(v));
}
__device__ static void atomic_max_nonneg(double *a, double v)
{
    atomicMax(reinterpret_cast<unsigned long long *>(a),
              static_cast<unsigned long long>(__double_as_longlong(v)));
}

template <typename T> __global__ void init(T *A, T *B, int L)
{
    long n = (long)L * L * L;
    for (long x = blockIdx.x * (long)blockDim.x + threadIdx.x; x < n; x += (long)gridDim.x * blockDim.x) {
        int i = x / ((long)L * L), j = (x / L) % L, k = x % L;
        A[x] = 0;
        B[x] = (i == 0 || j == 0 || k == 0 || i == L - 1 || j == L - 1 || k == L - 1) ? T(0) : T(4 + i + j + k);
    }
}

template <typename T> __global__ void copy_eps(T *A, const T *B, int L, T *eps)
{
    __shared__ T part[256];
    int k = blockIdx.x * blockDim.x + threadIdx.x, j = blockIdx.y * blockDim.y + threadIdx.y, i = blockIdx.z;
    int t = threadIdx.y * blockDim.x + threadIdx.x;
    T e = 0;
    if (i >= 1 && i < L - 1 && j >= 1 && j < L - 1 && k >= 1 && k < L - 1) {
        long x = ((long)i * L + j) * L + k;
        e = fabs(B[x] - A[x]);
        A[x] = B[x];
    }
    part[t] = e;
    __syncthreads();
    for (int s = blockDim.x * blockDim.y / 2; s > 0; s /= 2) {
        if (t < s && part[t + s] > part[t])
            part[t] = part[t + s];
        __syncthreads();
    }
    if (t == 0)
        atomic_max_nonneg(eps, part[0]);
}

template <typename T> __global__ void stencil(const T *A, T *B, int L)
{
    int k = blockIdx.x * blockDim.x + threadIdx.x, j = blockIdx.y * blockDim.y + threadIdx.y, i = blockIdx.z;
    if (i >= 1 && i < L - 1 && j >= 1 && j < L - 1 && k >= 1 && k < L - 1) {
        long x = ((long)i * L + j) * L + k, p = (long)L * L;
        B[x] = (A[x - p] + A[x - L] + A[x - 1] + A[x + 1] + A[x + L] + A[x + p]) / T(6);
    }
}

template <typename T> static void run(const char *name, int L, int itmax)
{
    size_t bytes = sizeof(T) * (size_t)L * L * L;
    T *A, *B, *eps;
    CHECK(cudaMalloc(&A, bytes));
    CHECK(cudaMalloc(&B, bytes));
    CHECK(cudaMalloc(&eps, sizeof(T)));
    init<<<1024, 256>>>(A, B, L);
    CHECK(cudaDeviceSynchronize());
    dim3 block(32, 8), grid((L + 31) / 32, (L + 7) / 8, L);
    cudaEvent_t start, stop;
    CHECK(cudaEventCreate(&start));
    CHECK(cudaEventCreate(&stop));
    T host_eps = 0;
    CHECK(cudaEventRecord(start));
    for (int it = 1; it <= itmax; it++) {
        CHECK(cudaMemset(eps, 0, sizeof(T)));
        copy_eps<<<grid, block>>>(A, B, L, eps);
        stencil<<<grid, block>>>(A, B, L);
        /* the DVMH program reads eps on the host every iteration too */
        CHECK(cudaMemcpy(&host_eps, eps, sizeof(T), cudaMemcpyDeviceToHost));
    }
    CHECK(cudaEventRecord(stop));
    CHECK(cudaEventSynchronize(stop));
    float ms = 0;
    CHECK(cudaEventElapsedTime(&ms, start, stop));
    T *h = (T *)malloc(bytes);
    CHECK(cudaMemcpy(h, B, bytes, cudaMemcpyDeviceToHost));
    double sum = 0;
    for (size_t x = 0; x < (size_t)L * L * L; x++)
        sum += h[x];
    printf("jacobi3d_cuda %s L=%d it=%d eps=%.6e checksum=%.6e time=%.4f\n", name, L, itmax,
           (double)host_eps, sum, ms / 1000.0);
    free(h);
    CHECK(cudaFree(A));
    CHECK(cudaFree(B));
    CHECK(cudaFree(eps));
}

/* The memory bandwidth a device-to-device copy reaches (bytes read plus
 * bytes written per second): what the stencils' bandwidth is measured
 * against. */
static void copy_bandwidth(size_t bytes)
{
    char *a, *b;
    CHECK(cudaMalloc(&a, bytes));
    CHECK(cudaMalloc(&b, bytes));
    CHECK(cudaMemset(a, 1, bytes));
    CHECK(cudaMemcpy(b, a, bytes, cudaMemcpyDeviceToDevice));
    cudaEvent_t start, stop;
    CHECK(cudaEventCreate(&start));
    CHECK(cudaEventCreate(&stop));
    const int reps = 20;
    CHECK(cudaEventRecord(start));
    for (int r = 0; r < reps; r++)
        CHECK(cudaMemcpy(r % 2 ? a : b, r % 2 ? b : a, bytes, cudaMemcpyDeviceToDevice));
    CHECK(cudaEventRecord(stop));
    CHECK(cudaEventSynchronize(stop));
    float ms = 0;
    CHECK(cudaEventElapsedTime(&ms, start, stop));
    printf("d2d_copy bytes=%zu bandwidth=%.1f GB/s\n", bytes, 2.0 * bytes * reps / (ms / 1000.0) / 1e9);
    CHECK(cudaFree(a));
    CHECK(cudaFree(b));
}

int main(int argc, char **argv)
{
    int L = argc > 1 ? atoi(argv[1]) : 384, itmax = argc > 2 ? atoi(argv[2]) : 20;
    copy_bandwidth(sizeof(double) * (size_t)L * L * L);
    run<float>("float", L, itmax);
    run<double>("double", L, itmax);
    return 0;
}
