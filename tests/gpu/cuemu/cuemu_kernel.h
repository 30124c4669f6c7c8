/* cuemu_kernel.h: CUDA's device-side language as plain C++17, so that
 * nvcc-emu can build kernels into a host shared object (included first
 * with -include). Blocks run one after another on one OS thread and a
 * block's threads only switch at __syncthreads, so plain read-modify-write
 * is atomic here. */
#ifndef CUEMU_KERNEL_H
#define CUEMU_KERNEL_H

#include "cuemu_abi.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <type_traits>
#include <utility>

extern "C" {
/* set by the driver right after loading the image; weak: the objects of
 * relocatable images (-rdc=true) linked together share one */
__attribute__((visibility("default"), weak)) cuemu_rt *cuemu_rt_ptr = nullptr;
}

#define __global__
#define __device__
#define __host__
#define __forceinline__ inline __attribute__((always_inline))
#define __noinline__ __attribute__((noinline))
#define __launch_bounds__(...)
#define __align__(n) alignas(n)
#define __constant__
/* static __shared__ variables: one block runs at a time per image, so one
 * copy serves; extern __shared__ is rewritten by nvcc-emu */
#define __shared__ static

typedef cuemu_uint3 uint3;
struct dim3 {
    unsigned x, y, z;
    constexpr dim3(unsigned x_ = 1, unsigned y_ = 1, unsigned z_ = 1) : x(x_), y(y_), z(z_) {}
    constexpr dim3(uint3 v) : x(v.x), y(v.y), z(v.z) {}
};

#define threadIdx (cuemu_rt_ptr->thread_idx)
#define blockIdx (cuemu_rt_ptr->block_idx)
#define blockDim (cuemu_rt_ptr->block_dim)
#define gridDim (cuemu_rt_ptr->grid_dim)
#define warpSize 32

static inline void *cuemu_dynamic_shared() { return cuemu_rt_ptr->dynamic_shared; }
static inline void __syncthreads() { cuemu_rt_ptr->syncthreads(); }
/* __syncwarp: the block's barrier, which is what it is where every thread
 * of the block reaches the same __syncwarp calls (as the generated
 * reduction trees do); calls from some warps only are not emulated */
static inline void __syncwarp(unsigned mask = 0xffffffffu)
{
    (void)mask;
    cuemu_rt_ptr->syncthreads();
}
/* one thread at a time touches memory: fences have nothing to order */
static inline void __threadfence() {}
static inline void __threadfence_block() {}
static inline void __threadfence_system() {}

template <class T> static inline T __ldg(const T *p) { return *p; }

/* min and max of CUDA's math library, for any mix of arithmetic types
 * (the usual arithmetic conversions, as CUDA's overloads give) */
template <class A, class B,
          class = std::enable_if_t<std::is_arithmetic_v<A> && std::is_arithmetic_v<B>>>
static inline std::common_type_t<A, B> min(A a, B b)
{
    return b < a ? b : a;
}
template <class A, class B,
          class = std::enable_if_t<std::is_arithmetic_v<A> && std::is_arithmetic_v<B>>>
static inline std::common_type_t<A, B> max(A a, B b)
{
    return a < b ? b : a;
}

/* glibc declares __expf, __logf, __sinf, __cosf, __powf itself */
static inline float rsqrtf(float x) { return 1.0f / sqrtf(x); }
static inline double rsqrt(double x) { return 1.0 / sqrt(x); }
static inline float __fdividef(float a, float b) { return a / b; }
static inline float __saturatef(float x) { return x < 0.0f ? 0.0f : x > 1.0f ? 1.0f : x; }

/* atomics: old value returned, as in CUDA (blocks run on one thread, so a
 * plain update is atomic) */
template <class T, class F> static inline T cuemu_update(T *p, F next)
{
    T old = *p;
    *p = next(old);
    return old;
}
template <class T> static inline T atomicAdd(T *p, T v) { return cuemu_update(p, [v](T o) { return o + v; }); }
template <class T> static inline T atomicSub(T *p, T v) { return cuemu_update(p, [v](T o) { return o - v; }); }
template <class T> static inline T atomicMin(T *p, T v) { return cuemu_update(p, [v](T o) { return v < o ? v : o; }); }
template <class T> static inline T atomicMax(T *p, T v) { return cuemu_update(p, [v](T o) { return o < v ? v : o; }); }
template <class T> static inline T atomicExch(T *p, T v) { return cuemu_update(p, [v](T) { return v; }); }
template <class T> static inline T atomicAnd(T *p, T v) { return cuemu_update(p, [v](T o) { return o & v; }); }
template <class T> static inline T atomicOr(T *p, T v) { return cuemu_update(p, [v](T o) { return o | v; }); }
template <class T> static inline T atomicXor(T *p, T v) { return cuemu_update(p, [v](T o) { return o ^ v; }); }
template <class T> static inline T atomicCAS(T *p, T compare, T v)
{
    return cuemu_update(p, [compare, v](T o) { return o == compare ? v : o; });
}
static inline unsigned atomicInc(unsigned *p, unsigned limit)
{
    return cuemu_update(p, [limit](unsigned o) { return o >= limit ? 0u : o + 1; });
}
static inline unsigned atomicDec(unsigned *p, unsigned limit)
{
    return cuemu_update(p, [limit](unsigned o) { return o == 0 || o > limit ? limit : o - 1; });
}

/* The wrappers nvcc-emu appends: the driver passes kernelParams as CUDA
 * does (args[i] points at parameter i); the function type says how to
 * read each, so no parameter list is parsed. */
template <class... A, size_t... I>
static inline void cuemu_call_each(void (*f)(A...), void **args, std::index_sequence<I...>)
{
    f(*static_cast<std::remove_cv_t<A> *>(args[I])...);
}
template <class... A> static inline void cuemu_call(void (*f)(A...), void **args)
{
    cuemu_call_each(f, args, std::index_sequence_for<A...>{});
}
template <class... A> static inline unsigned cuemu_params(void (*)(A...), size_t *sizes)
{
    const size_t each[] = {sizeof(A)..., 0};
    for (size_t k = 0; k < sizeof...(A); k++)
        sizes[k] = each[k];
    return sizeof...(A);
}

#endif
