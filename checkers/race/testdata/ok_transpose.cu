// KV-cache layout change [tokens, dim] -> [dim, tokens] through a shared
// tile. Safe: __syncthreads() separates filling the tile from reading it
// transposed.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

// cudavet:shape out[dim, num_tokens]; shape in[num_tokens, dim]
// cudavet:user num_tokens <= 1 << 20; fixed dim = 4096
// cudavet:launch grid=ceil_div(dim, 32), ceil_div(num_tokens, 32) block=32, 32
__global__ void kv_transpose_kernel(float* __restrict__ out, const float* __restrict__ in, const int num_tokens,
                                    const int dim) {
  __shared__ float tile[32][33];
  const int tx = threadIdx.x;
  const int ty = threadIdx.y;
  const int col = blockIdx.x * 32 + tx;
  const int row = blockIdx.y * 32 + ty;
  if (row < num_tokens) {
    tile[ty][tx] = in[(int64_t)row * dim + col];
  }
  __syncthreads();
  const int out_row = blockIdx.x * 32 + ty;
  const int out_col = blockIdx.y * 32 + tx;
  if (out_col < num_tokens) {
    out[(int64_t)out_row * num_tokens + out_col] = tile[tx][ty];
  }
}

void kv_transpose(torch::Tensor& out, const torch::Tensor& in) {
  const int num_tokens = in.size(0);
  const int dim = in.size(1);
  const dim3 grid(dim / 32, (num_tokens + 31) / 32);
  const dim3 block(32, 32);
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  kv_transpose_kernel<<<grid, block, 0, stream>>>(out.data_ptr<float>(), in.data_ptr<float>(), num_tokens, dim);
}
