// Not divergent for __syncwarp: threadIdx.x < 32 holds for every lane of
// warp 0 and for no lane of the others, so each warp either reaches the
// full-mask __syncwarp() with all its lanes or not at all (a warp barrier
// only waits for its own warp). The final reduction of a block sum, in the
// style of vLLM's reduction utilities.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

__global__ void block_sum_kernel(float* __restrict__ out, const float* __restrict__ in, const int n) {
  __shared__ float partial[64];
  float v = 0.0f;
  for (int i = threadIdx.x; i < n; i += blockDim.x) {
    v += in[blockIdx.x * n + i];
  }
  partial[threadIdx.x] = v;
  __syncthreads();
  if (threadIdx.x < 32) {
    float s = partial[threadIdx.x] + partial[threadIdx.x + 32];
    __syncwarp();
    for (int offset = 16; offset > 0; offset >>= 1) {
      s += __shfl_down_sync(0xffffffff, s, offset);
    }
    if (threadIdx.x == 0) {
      out[blockIdx.x] = s;
    }
  }
}

void block_sum(torch::Tensor& out, const torch::Tensor& in) {
  const int rows = out.numel();
  const int n = in.numel() / rows;
  block_sum_kernel<<<rows, 64, 0, at::cuda::getCurrentCUDAStream()>>>(out.data_ptr<float>(), in.data_ptr<float>(), n);
}
