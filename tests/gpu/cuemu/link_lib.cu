/* link_lib.cu: the device function link_kernel.cu's kernel calls. */
__device__ int twice_plus(int x, int y)
{
    return 2 * x + y;
}
