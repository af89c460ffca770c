// Query staging for a head size below the tile width (e.g. 80 or 96 in a
// 128-wide tile): only head_dim elements are staged, but the product
// reads the whole tile, including the unstaged tail.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

// cudavet:shape out[num_heads, 128]; shape q[num_heads, head_dim]; shape k[head_dim]
// cudavet:fixed num_heads = 32; user head_dim <= 128
// cudavet:launch grid=num_heads block=128
__global__ void qk_tail_kernel(float* __restrict__ out, const float* __restrict__ q, const float* __restrict__ k,
                               const int head_dim) {
  __shared__ float s_q[128];
  const int tid = threadIdx.x;
  if (tid < head_dim) {
    s_q[tid] = q[(int64_t)blockIdx.x * head_dim + tid];
  }
  __syncthreads();
  // Each thread multiplies the staged query with a rotated copy of itself.
  const float v = s_q[(tid + 1) % 128];  // want `load from s_q\[\(tid \+ 1\) % 128\] reads element \d+ of shared s_q, which no thread of the block has written`
  out[(int64_t)blockIdx.x * 128 + tid] = v * (tid < head_dim ? k[tid] : 0.f);
}

void qk_tail(torch::Tensor& out, const torch::Tensor& q, const torch::Tensor& k) {
  const int head_dim = q.size(1);
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  qk_tail_kernel<<<32, 128, 0, stream>>>(out.data_ptr<float>(), q.data_ptr<float>(), k.data_ptr<float>(), head_dim);
}
