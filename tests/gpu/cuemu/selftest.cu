/* selftest.cu: kernels of the emulator's own test (selftest.c). */

/* out[i] = value + i, grid-stride */
extern "C" __global__ void fill(int *out, int n, int value)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        out[i] = value + i;
}

/* out[block] = the sum of the block's inputs: a tree in shared memory that
 * is only right when __syncthreads holds every thread back */
extern "C" __global__ void block_sum(const int *in, int *out)
{
    extern __shared__ int partial[];
    unsigned t = threadIdx.x;
    partial[t] = in[blockIdx.x * blockDim.x + t];
    __syncthreads();
    for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
        if (t < s)
            partial[t] += partial[t + s];
        __syncthreads();
    }
    if (t == 0)
        out[blockIdx.x] = partial[0];
}

/* threads of a 3D block see their own coordinates; atomics count them */
extern "C" __global__ void coordinates(unsigned *out, unsigned *count)
{
    unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    unsigned b = blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);
    out[b * blockDim.x * blockDim.y * blockDim.z + t] = threadIdx.x | threadIdx.y << 8 |
                                                        threadIdx.z << 16 | b << 24;
    atomicAdd(count, 1u);
    __syncthreads();
}
