/* Hand-written variants of Jacobi-3D's two loops, shaped as the generated
 * kernels are (block 32 x 8, one thread per point or a grid-stride loop
 * along z), timed on one GPU with events (best of 30): the reduction loop
 * (A = B and max |B - A|) with the grid capped or not, the block's values
 * combined by a tree with a barrier per step, by warps in shared memory
 * (as the generated code now does) or by shuffles, the atomic operation
 * on one address or spread over 64; the stencil with 1, 2 or 4 points
 * along z per thread; and a device-to-device copy. What chose the
 * reduction grid and _kernel4 (bench/README.md, "Jacobi-3D on the GPU").
 * Build: nvcc -O3 -arch=sm_90 -std=c++17 cuda_variants.cu; run: ./a.out [L]. */
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>
#define CK(c) do { cudaError_t e_ = (c); if (e_ != cudaSuccess) { printf("%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); exit(1); } } while (0)

template <typename T> __device__ void amax(T *a, T v);
template <> __device__ void amax<float>(float *a, float v) { atomicMax((int *)a, __float_as_int(v)); }
template <> __device__ void amax<double>(double *a, double v) { atomicMax((long long *)a, __double_as_longlong(v)); }

// tree in shared memory with a barrier per step, as dvmh_block_tree was
template <typename T> __device__ void tree_atomic(T e, T *res)
{
    __shared__ T s[256];
    unsigned n = blockDim.x * blockDim.y * blockDim.z, t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    s[t] = e;
    __syncthreads();
    for (unsigned k = n / 2; k > 0; k >>= 1) {
        if (t < k && s[t + k] > s[t]) s[t] = s[t + k];
        __syncthreads();
    }
    if (t == 0) amax(res, s[0]);
}

// the generated tree: warps in shared memory with __syncwarp, then warp 0
template <typename T> __device__ void wtree_atomic(T e, T *res, int slots)
{
    __shared__ T s[256];
    unsigned n = blockDim.x * blockDim.y * blockDim.z, t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    s[t] = e;
    unsigned lane = t & 31;
    __syncwarp();
    for (unsigned k = 16; k > 0; k >>= 1) {
        if (lane < k && s[t + k] > s[t]) s[t] = s[t + k];
        __syncwarp();
    }
    __syncthreads();
    unsigned w = (n + 31) / 32;
    for (unsigned k = 16; k > 0; k >>= 1) {
        if (t < k && t + k < w && s[(t + k) * 32] > s[t * 32]) s[t * 32] = s[(t + k) * 32];
        __syncwarp();
    }
    __syncthreads();
    unsigned b = blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);
    if (t == 0) amax(res + (slots > 1 ? b % slots : 0), s[0]);
}
// warp shuffles, then the warps' values; the atomic operation on one of
// slots addresses (by block)
template <typename T> __device__ void shfl_atomic(T e, T *res, int slots)
{
    __shared__ T s[32];
    unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    unsigned n = blockDim.x * blockDim.y * blockDim.z;
    for (int o = 16; o > 0; o >>= 1) { T v = __shfl_down_sync(0xffffffffu, e, o); e = v > e ? v : e; }
    if ((t & 31) == 0) s[t >> 5] = e;
    __syncthreads();
    if (t < 32) {
        e = t < (n + 31) / 32 ? s[t] : T(0);
        for (int o = 16; o > 0; o >>= 1) { T v = __shfl_down_sync(0xffffffffu, e, o); e = v > e ? v : e; }
        unsigned b = blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);
        if (t == 0) amax(res + (slots > 1 ? b % slots : 0), e);
    }
}
// one point of the loop (interior point z+1, y+1, x+1): A = B, and eps the
// largest |B - A|
template <typename T>
__device__ __forceinline__ void red_point(int z, int y, int x, int s0, int s1, const T *__restrict__ B,
                                          T *__restrict__ A, T &eps)
{
    const int p = (z + 1) * s0 + (y + 1) * s1 + x + 1;
    eps = fmax(fabs(B[p] - A[p]), eps);
    A[p] = B[p];
}

// MODE 0: z grid-stride (kernel2), tree; 1: same, shuffles; 2: z chunk per block, shuffles;
// 3: grid-stride unrolled 4
template <typename T, int MODE>
__global__ void red_loop(const int n0, const int n1, const int n2, const int s0, const int s1,
                         const T *__restrict__ B, T *__restrict__ A, T *res)
{
    T eps = 0;
    int y = blockIdx.y * blockDim.y + threadIdx.y, x = blockIdx.x * blockDim.x + threadIdx.x;
    if (y < n1 && x < n2) {
        if (MODE == 2) {
            int ch = (n0 + gridDim.z - 1) / gridDim.z, z0 = blockIdx.z * ch, z1 = min(n0, z0 + ch);
            for (int z = z0; z < z1; z++)
                red_point(z, y, x, s0, s1, B, A, eps);
        } else if (MODE == 3) {
#pragma unroll 4
            for (int z = blockIdx.z; z < n0; z += gridDim.z)
                red_point(z, y, x, s0, s1, B, A, eps);
        } else {
            for (int z = blockIdx.z; z < n0; z += gridDim.z)
                red_point(z, y, x, s0, s1, B, A, eps);
        }
    }
    if (MODE == 0) tree_atomic(eps, res); else shfl_atomic(eps, res, 1);
}

// one iteration per thread (kernel1); the block's combine: MODE 0 tree,
// 1 shuffles, 2 warp tree in shared memory (as generated); the atomic
// operation on one of slots addresses
template <typename T, int MODE>
__global__ void red_one(const int n0, const int n1, const int n2, const int s0, const int s1,
                        const T *__restrict__ B, T *__restrict__ A, T *res, int slots)
{
    T eps = 0;
    int z = blockIdx.z, y = blockIdx.y * blockDim.y + threadIdx.y, x = blockIdx.x * blockDim.x + threadIdx.x;
    if (z < n0 && y < n1 && x < n2)
        red_point(z, y, x, s0, s1, B, A, eps);
    if (MODE == 0)
        tree_atomic(eps, res);
    else if (MODE == 1)
        shfl_atomic(eps, res, slots);
    else
        wtree_atomic(eps, res, slots);
}

// the stencil, one point per thread (kernel1) or U points along z
template <typename T, int U>
__global__ void sten(const int n0, const int n1, const int n2, const int s0, const int s1,
                     T *__restrict__ B, const T *__restrict__ A)
{
    int y = blockIdx.y * blockDim.y + threadIdx.y, x = blockIdx.x * blockDim.x + threadIdx.x;
    if (y >= n1 || x >= n2) return;
#pragma unroll
    for (int u = 0; u < U; u++) {
        int z = blockIdx.z * U + u;
        if (z < n0) {
            int i = z + 1, j = y + 1, k = x + 1;
            B[i * s0 + j * s1 + k] = (A[(i - 1) * s0 + j * s1 + k] + A[i * s0 + (j - 1) * s1 + k] + A[i * s0 + j * s1 + k - 1] +
                                      A[i * s0 + j * s1 + k + 1] + A[i * s0 + (j + 1) * s1 + k] + A[(i + 1) * s0 + j * s1 + k]) / T(6);
        }
    }
}

template <typename T> static void bench(const char *name, int L)
{
    size_t n = (size_t)L * L * L, bytes = n * sizeof(T);
    T *A, *B, *res;
    CK(cudaMalloc(&A, bytes)); CK(cudaMalloc(&B, bytes)); CK(cudaMalloc(&res, 64 * sizeof(T)));
    T *h = (T *)malloc(bytes);
    for (size_t x = 0; x < n; x++) h[x] = (T)((x * 2654435761u) % 1000) / 7;
    int m = L - 2, s1 = L, s0 = L * L;
    dim3 blk(32, 8), full((m + 31) / 32, (m + 7) / 8, m);
    int sms; CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
    unsigned cap8 = sms * 8 * 8;
    auto capped = [&](unsigned cap) { dim3 g = full; while (g.x * g.y * g.z > cap && g.z > 1) g.z = (g.z + 1) / 2; return g; };
    double moved = 3.0 * m * (double)m * m * sizeof(T), smoved = 2.0 * m * (double)m * m * sizeof(T);
    // expected eps with A = 0
    T want = 0;
    for (int i = 1; i < L - 1; i++) for (int j = 1; j < L - 1; j++) for (int k = 1; k < L - 1; k++) {
        T v = h[(size_t)i * s0 + j * s1 + k]; if (v > want) want = v; }
    cudaEvent_t a, b; CK(cudaEventCreate(&a)); CK(cudaEventCreate(&b));
    auto run = [&](const char *v, auto launch) {
        CK(cudaMemcpy(B, h, bytes, cudaMemcpyHostToDevice)); CK(cudaMemset(A, 0, bytes)); CK(cudaMemset(res, 0, 64 * sizeof(T)));
        launch(); CK(cudaGetLastError()); CK(cudaDeviceSynchronize());
        T slots[64], got = 0; CK(cudaMemcpy(slots, res, sizeof slots, cudaMemcpyDeviceToHost));
        for (int q = 0; q < 64; q++) if (slots[q] > got) got = slots[q];
        const int reps = 30; float best = 1e9;
        for (int r = 0; r < reps; r++) {
            CK(cudaMemset(A, 0, bytes)); CK(cudaMemset(res, 0, 64 * sizeof(T))); CK(cudaDeviceSynchronize());
            CK(cudaEventRecord(a)); launch(); CK(cudaEventRecord(b)); CK(cudaEventSynchronize(b));
            float ms; CK(cudaEventElapsedTime(&ms, a, b)); if (ms < best) best = ms;
        }
        printf("%-6s %-34s %8.1f us %7.1f GB/s %s\n", name, v, best * 1e3, moved / (best * 1e-3) / 1e9, got == want ? "ok" : "WRONG");
    };
    dim3 g8 = capped(cap8), g64 = capped(cap8 * 8), g16 = capped(cap8 * 2);
    run("kernel2 cap8 tree", [&] { red_loop<T, 0><<<g8, blk>>>(m, m, m, s0, s1, B, A, res); });
    run("kernel2 cap8 shfl", [&] { red_loop<T, 1><<<g8, blk>>>(m, m, m, s0, s1, B, A, res); });
    run("kernel2 cap16 shfl", [&] { red_loop<T, 1><<<g16, blk>>>(m, m, m, s0, s1, B, A, res); });
    run("kernel2 cap64 shfl", [&] { red_loop<T, 1><<<g64, blk>>>(m, m, m, s0, s1, B, A, res); });
    run("kernel2 cap8 chunk shfl", [&] { red_loop<T, 2><<<g8, blk>>>(m, m, m, s0, s1, B, A, res); });
    run("kernel2 cap8 unroll4 shfl", [&] { red_loop<T, 3><<<g8, blk>>>(m, m, m, s0, s1, B, A, res); });
    run("kernel1 full tree", [&] { red_one<T, 0><<<full, blk>>>(m, m, m, s0, s1, B, A, res, 1); });
    run("kernel1 full shfl", [&] { red_one<T, 1><<<full, blk>>>(m, m, m, s0, s1, B, A, res, 1); });
    run("kernel1 full wtree 1 slot", [&] { red_one<T, 2><<<full, blk>>>(m, m, m, s0, s1, B, A, res, 1); });
    run("kernel1 full wtree 64 slots", [&] { red_one<T, 2><<<full, blk>>>(m, m, m, s0, s1, B, A, res, 64); });
    run("kernel1 full shfl 64 slots", [&] { red_one<T, 1><<<full, blk>>>(m, m, m, s0, s1, B, A, res, 64); });
    // stencils
    auto srun = [&](const char *v, auto launch) {
        CK(cudaMemcpy(B, h, bytes, cudaMemcpyHostToDevice));
        launch(); CK(cudaGetLastError()); CK(cudaDeviceSynchronize());
        const int reps = 30; float best = 1e9;
        for (int r = 0; r < reps; r++) {
            CK(cudaEventRecord(a)); launch(); CK(cudaEventRecord(b)); CK(cudaEventSynchronize(b));
            float ms; CK(cudaEventElapsedTime(&ms, a, b)); if (ms < best) best = ms;
        }
        printf("%-6s %-34s %8.1f us %7.1f GB/s\n", name, v, best * 1e3, smoved / (best * 1e-3) / 1e9);
    };
    srun("stencil 1 point", [&] { sten<T, 1><<<full, blk>>>(m, m, m, s0, s1, A, B); });
    dim3 f2 = full; f2.z = (m + 1) / 2; dim3 f4 = full; f4.z = (m + 3) / 4;
    srun("stencil 2 points along z", [&] { sten<T, 2><<<f2, blk>>>(m, m, m, s0, s1, A, B); });
    srun("stencil 4 points along z", [&] { sten<T, 4><<<f4, blk>>>(m, m, m, s0, s1, A, B); });
    {   // copy ceiling
        CK(cudaEventRecord(a)); for (int r = 0; r < 10; r++) CK(cudaMemcpy(A, B, bytes, cudaMemcpyDeviceToDevice));
        CK(cudaEventRecord(b)); CK(cudaEventSynchronize(b)); float ms; CK(cudaEventElapsedTime(&ms, a, b));
        printf("%-6s %-34s %8.1f us %7.1f GB/s\n", name, "d2d copy", ms * 100, 2.0 * bytes * 10 / (ms * 1e-3) / 1e9);
    }
    CK(cudaFree(A)); CK(cudaFree(B)); CK(cudaFree(res)); free(h);
}

int main(int argc, char **argv)
{
    int L = argc > 1 ? atoi(argv[1]) : 384;
    bench<float>("float", L);
    bench<double>("double", L);
    return 0;
}
