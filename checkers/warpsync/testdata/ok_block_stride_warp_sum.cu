// Sum of a ragged activation row. Safe: the block-stride loop only
// accumulates per thread; the full-mask warp reduction runs after it,
// where every lane of the warp arrives.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

__device__ __forceinline__ float warp_sum(float v) {
#pragma unroll
  for (int off = 16; off > 0; off >>= 1) {
    v += __shfl_xor_sync(0xffffffff, v, off);
  }
  return v;
}

// cudavet:shape out[1]; shape x[n]
// cudavet:user n
// cudavet:launch grid=1 block=256
__global__ void ragged_sum_kernel(float* __restrict__ out, const float* __restrict__ x, const int n) {
  const int lane = threadIdx.x % 32;
  float acc = 0.f;
  for (int i = threadIdx.x; i < n; i += blockDim.x) {
    acc += x[i];
  }
  acc = warp_sum(acc);
  if (lane == 0) {
    atomicAdd(out, acc);
  }
}

void ragged_sum(torch::Tensor& out, const torch::Tensor& x) {
  const int n = x.numel();
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  ragged_sum_kernel<<<1, 256, 0, stream>>>(out.data_ptr<float>(), x.data_ptr<float>(), n);
}
