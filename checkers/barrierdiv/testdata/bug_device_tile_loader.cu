// A tile loader whose barrier is inside its own thread-dependent branch:
// reported once, inside the helper, however many kernels call it.
#include <cuda_fp16.h>
#include <cuda_runtime.h>

__device__ void load_kv_tile(__half* s_tile, const __half* __restrict__ kv, int stride) {
  if (threadIdx.x < 64) {
    s_tile[threadIdx.x] = kv[threadIdx.x * stride];
    __syncthreads();  // want `__syncthreads\(\) is reached only by threads with threadIdx.x < 64 \(condition at line 7 depends on threadIdx.x\)`
  }
}

__global__ void attn_scores_kernel(float* __restrict__ scores, const __half* __restrict__ k,
                                   const __half* __restrict__ q, const int stride) {
  __shared__ __half s_k[64];
  load_kv_tile(s_k, k + blockIdx.x * 64 * stride, stride);
  if (threadIdx.x < 64) {
    scores[blockIdx.x * 64 + threadIdx.x] = __half2float(s_k[threadIdx.x]) * __half2float(q[threadIdx.x]);
  }
}

__global__ void attn_values_kernel(__half* __restrict__ out, const __half* __restrict__ v, const int stride) {
  __shared__ __half s_v[64];
  load_kv_tile(s_v, v + blockIdx.x * 64 * stride, stride);
  if (threadIdx.x < 64) {
    out[blockIdx.x * 64 + threadIdx.x] = s_v[63 - threadIdx.x];
  }
}
