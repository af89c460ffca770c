// Safe: [num_tokens, dim] -> [dim, num_tokens] transpose through a 32 x 33
// shared tile (the padding column avoids bank conflicts); blocks are 32 x 8,
// so threadIdx.y + j < 32 and threadIdx.x < 32 index inside the tile, and
// both global indices are guarded and int64_t.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

constexpr int kTile = 32;
constexpr int kRows = 8;

// cudavet:shape out[dim, num_tokens]; shape in[num_tokens, dim]
// cudavet:user num_tokens <= 1 << 20; fixed dim in {1024, 4096}
// cudavet:launch grid=ceil_div(dim, 32), ceil_div(num_tokens, 32) block=32, 8
__global__ void transpose_kernel(float* __restrict__ out, const float* __restrict__ in, const int num_tokens,
                                 const int dim) {
  __shared__ float tile[kTile][kTile + 1];
  const int col = blockIdx.x * kTile + threadIdx.x;
  const int row0 = blockIdx.y * kTile;
#pragma unroll
  for (int j = 0; j < kTile; j += kRows) {
    const int row = row0 + threadIdx.y + j;
    if (row < num_tokens && col < dim) {
      tile[threadIdx.y + j][threadIdx.x] = in[(int64_t)row * dim + col];
    }
  }
  __syncthreads();
  const int out_col = row0 + threadIdx.x;
#pragma unroll
  for (int j = 0; j < kTile; j += kRows) {
    const int out_row = blockIdx.x * kTile + threadIdx.y + j;
    if (out_row < dim && out_col < num_tokens) {
      out[(int64_t)out_row * num_tokens + out_col] = tile[threadIdx.x][threadIdx.y + j];
    }
  }
}

void transpose(torch::Tensor& out, const torch::Tensor& in) {
  const int num_tokens = in.size(0);
  const int dim = in.size(1);
  const dim3 grid((dim + kTile - 1) / kTile, (num_tokens + kTile - 1) / kTile);
  const dim3 block(kTile, kRows);
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  transpose_kernel<<<grid, block, 0, stream>>>(out.data_ptr<float>(), in.data_ptr<float>(), num_tokens, dim);
}
