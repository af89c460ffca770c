// Sum of a ragged activation row: each iteration of the block-stride loop
// reduces its values across the warp, but when n is not a multiple of
// 32 the lanes past the end leave the loop early and the full-mask
// shuffle names lanes that never arrive.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

__device__ __forceinline__ float warp_sum(float v) {
#pragma unroll
  for (int off = 16; off > 0; off >>= 1) {
    v += __shfl_xor_sync(0xffffffff, v, off);  // want "__shfl_xor_sync with mask 0xffffffff is not reached by every lane of the mask"
  }
  return v;
}

// cudavet:shape out[1]; shape x[n]
// cudavet:user n
// cudavet:launch grid=1 block=256
__global__ void ragged_sum_kernel(float* __restrict__ out, const float* __restrict__ x, const int n) {
  const int lane = threadIdx.x % 32;
  for (int i = threadIdx.x; i < n; i += blockDim.x) {
    const float v = warp_sum(x[i]);
    if (lane == 0) {
      atomicAdd(out, v);
    }
  }
}

void ragged_sum(torch::Tensor& out, const torch::Tensor& x) {
  const int n = x.numel();
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  ragged_sum_kernel<<<1, 256, 0, stream>>>(out.data_ptr<float>(), x.data_ptr<float>(), n);
}
