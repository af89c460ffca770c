// A conversion helper declared as a partial specialization of a function
// template: EDG (nvcc) accepts it, clang rejects that declaration only.
// kernel: cast_rows_kernel
// note: partial specialization of a function template
#include <cuda_fp16.h>

template <typename DstT, typename SrcT, int N>
struct vec_cast {
  __device__ static void cast(DstT* dst, const SrcT* src) {
#pragma unroll
    for (int i = 0; i < N; ++i) dst[i] = DstT(src[i]);
  }
};

template <typename DstT, typename SrcT>
__device__ void cast_one(DstT* dst, const SrcT* src);
template <typename SrcT>
__device__ void cast_one<float, SrcT>(float* dst, const SrcT* src) { *dst = float(*src); }

__global__ void cast_rows_kernel(float* out, const float* in, int n) {
  int i = (blockIdx.x * blockDim.x + threadIdx.x) * 4;
  if (i + 4 <= n) vec_cast<float, float, 4>::cast(out + i, in + i);
}
