/* link_kernel.cu: relocatable device code (nvcc-emu -rdc=true) for
 * link_test.c: a kernel calling twice_plus, which link_lib.cu defines. */
__device__ int twice_plus(int x, int y);

extern "C" __global__ void use_lib(int *out, int n)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        out[i] = twice_plus(i, 7);
}
