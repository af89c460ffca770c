// A member template called without the 'template' keyword on a dependent
// type and object (x.f<N>(...), T<A>::f<N>(...)): EDG (nvcc) accepts it,
// clang reads '<' as less than and drops the call only.
// kernel: pack_kernel
// note: a member template called without the 'template' keyword
#include <cuda_fp16.h>

template <typename T>
struct packer {
  template <int N>
  __device__ static void pack(T* dst, const T* src) {
#pragma unroll
    for (int i = 0; i < N; ++i) dst[i] = src[i];
  }
};

template <typename T, int N>
__device__ void pack_n(T* dst, const T* src) {
  packer<T>::pack<N>(dst, src);
}

template <typename T>
__global__ void pack_kernel(T* out, const T* in, int n) {
  int i = (blockIdx.x * blockDim.x + threadIdx.x) * 4;
  if (i + 4 <= n) pack_n<T, 4>(out + i, in + i);
}

template __global__ void pack_kernel<float>(float*, const float*, int);
