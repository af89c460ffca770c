// KV layout transpose [tokens, dim] -> [dim, tokens] through a padded
// 32 x 33 shared tile. The launcher was changed to 64-wide blocks for
// bf16 rows, but the tile is still 32 wide: threadIdx.x >= 33 in the
// tile's last row writes past its 1056 floats.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

// cudavet:shape out[dim, num_tokens]; shape in[num_tokens, dim]
// cudavet:user num_tokens <= 1 << 20; fixed dim in {1024, 4096}
// cudavet:launch grid=ceil_div(dim, 64), ceil_div(num_tokens, 32) block=64, 8
__global__ void transpose_kernel(float* __restrict__ out, const float* __restrict__ in,
                                 const int num_tokens, const int dim) {
  __shared__ float tile[32][33];
  const int col = blockIdx.x * 64 + threadIdx.x;
  const int row0 = blockIdx.y * 32;
  for (int j = 0; j < 32; j += 8) {
    const int row = row0 + threadIdx.y + j;
    if (row < num_tokens && col < dim) {
      tile[threadIdx.y + j][threadIdx.x] = in[(int64_t)row * dim + col];  // want `store to \(tile \+ \(threadIdx.y \+ j\)\)\[threadIdx.x\] is past the end of shared array tile \(32 elements\) when num_tokens >= 32`
    }
  }
  __syncthreads();
  const int out_col = row0 + threadIdx.x;
  for (int j = 0; j < 32; j += 8) {
    const int out_row = blockIdx.x * 64 + threadIdx.y + j;
    if (out_row < dim && out_col < num_tokens) {
      out[(int64_t)out_row * num_tokens + out_col] = tile[threadIdx.x][threadIdx.y + j];  // want `load from \(tile \+ threadIdx.x\)\[threadIdx.y \+ j\] is past the end of shared array tile \(32 elements\) when num_tokens >= 33`
    }
  }
}

void transpose(torch::Tensor& out, const torch::Tensor& in) {
  const int num_tokens = in.size(0);
  const int dim = in.size(1);
  const dim3 grid((dim + 63) / 64, (num_tokens + 31) / 32);
  const dim3 block(64, 8);
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  transpose_kernel<<<grid, block, 0, stream>>>(out.data_ptr<float>(), in.data_ptr<float>(), num_tokens, dim);
}
