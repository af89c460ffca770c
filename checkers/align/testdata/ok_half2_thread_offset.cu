// Safe: each of the 64 threads reads the pair at q + 2 * lane, an even
// element offset from a row of 128 halves, so every __half2 is 4-byte
// aligned (and the 64 pairs cover the head exactly).
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>
#include <cuda_fp16.h>

// cudavet:shape out[num_seqs, num_heads]; shape q[num_seqs, num_heads, head_size]; shape k[num_seqs, num_heads, head_size]
// cudavet:user num_seqs <= 4096; fixed num_heads = 32; fixed head_size = 128
// cudavet:launch grid=num_seqs, num_heads block=64
__global__ void qk_dot_kernel(float* __restrict__ out, const __half* __restrict__ q, const __half* __restrict__ k,
                              const int num_heads, const int head_size) {
  const int64_t head = (int64_t)blockIdx.x * num_heads + blockIdx.y;
  const __half* qh = q + head * head_size;
  const __half* kh = k + head * head_size;
  const int lane = threadIdx.x;
  const __half2 qv = *reinterpret_cast<const __half2*>(qh + 2 * lane);
  const __half2 kv = *reinterpret_cast<const __half2*>(kh + 2 * lane);
  const float2 qf = __half22float2(qv);
  const float2 kf = __half22float2(kv);
  float dot = qf.x * kf.x + qf.y * kf.y;
  for (int m = 16; m > 0; m >>= 1) {
    dot += __shfl_xor_sync(0xffffffff, dot, m);
  }
  __shared__ float s_part[2];
  if (lane % 32 == 0) {
    s_part[lane / 32] = dot;
  }
  __syncthreads();
  if (lane == 0) {
    out[head] = (s_part[0] + s_part[1]) * rsqrtf((float)head_size);
  }
}
