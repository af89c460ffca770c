// Cooperative groups: a per-row L2 norm reduced with 32-thread tiles and
// cg::reduce, a shuffle-based variant with tile.shfl_down, and a grid-wide
// two-phase sum that synchronises the whole grid between the phases.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cuda_runtime.h>
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

namespace cg = cooperative_groups;

namespace cudavet_test {

template <int BLOCK>
__global__ void row_l2_norm_kernel(const float* __restrict__ x,
                                   float* __restrict__ norms, const int cols) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
  __shared__ float partial[BLOCK / 32];

  const float* row = x + static_cast<int64_t>(blockIdx.x) * cols;
  float acc = 0.0f;
  for (int c = block.thread_rank(); c < cols; c += block.size()) {
    acc += row[c] * row[c];
  }
  acc = cg::reduce(tile, acc, cg::plus<float>());
  if (tile.thread_rank() == 0) {
    partial[tile.meta_group_rank()] = acc;
  }
  block.sync();

  if (tile.meta_group_rank() == 0) {
    float v = tile.thread_rank() < tile.meta_group_size()
                  ? partial[tile.thread_rank()]
                  : 0.0f;
    for (int offset = tile.size() / 2; offset > 0; offset /= 2) {
      v += tile.shfl_down(v, offset);
    }
    if (tile.thread_rank() == 0) {
      norms[blockIdx.x] = sqrtf(v);
    }
  }
}

// Phase 1 writes one partial sum per block, the grid synchronises, and
// block 0 adds the partials.
__global__ void grid_sum_kernel(const float* __restrict__ x,
                                float* __restrict__ partials,
                                float* __restrict__ out, const int n) {
  cg::grid_group grid = cg::this_grid();
  cg::thread_block block = cg::this_thread_block();
  auto warp = cg::tiled_partition<32>(block);

  float acc = 0.0f;
  for (unsigned long long i = grid.thread_rank(); i < n; i += grid.size()) {
    acc += x[i];
  }
  acc = cg::reduce(warp, acc, cg::plus<float>());
  __shared__ float warp_sums[32];
  if (warp.thread_rank() == 0) {
    warp_sums[warp.meta_group_rank()] = acc;
  }
  cg::sync(block);
  if (block.thread_rank() == 0) {
    float s = 0.0f;
    for (int w = 0; w < (block.size() + 31) / 32; ++w) {
      s += warp_sums[w];
    }
    partials[blockIdx.x] = s;
  }
  grid.sync();

  if (blockIdx.x == 0 && block.thread_rank() == 0) {
    float total = 0.0f;
    for (unsigned int b = 0; b < gridDim.x; ++b) {
      total += partials[b];
    }
    *out = total;
  }
}

}  // namespace cudavet_test

torch::Tensor row_l2_norm(const torch::Tensor& x) {
  TORCH_CHECK(x.dim() == 2 && x.scalar_type() == torch::kFloat32);
  const int rows = x.size(0);
  const int cols = x.size(1);
  auto norms = torch::empty({rows}, x.options());
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  cudavet_test::row_l2_norm_kernel<256><<<rows, 256, 0, stream>>>(
      x.data_ptr<float>(), norms.data_ptr<float>(), cols);
  return norms;
}

float grid_sum(const torch::Tensor& x) {
  const int n = x.numel();
  int blocks_per_sm = 0;
  AT_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(
      &blocks_per_sm, cudavet_test::grid_sum_kernel, 256, 0));
  const int num_sms = at::cuda::getCurrentDeviceProperties()->multiProcessorCount;
  const int blocks = blocks_per_sm * num_sms;
  auto partials = torch::empty({blocks}, x.options());
  auto out = torch::empty({1}, x.options());

  const float* x_ptr = x.data_ptr<float>();
  float* partials_ptr = partials.data_ptr<float>();
  float* out_ptr = out.data_ptr<float>();
  int n_arg = n;
  void* args[] = {&x_ptr, &partials_ptr, &out_ptr, &n_arg};
  AT_CUDA_CHECK(cudaLaunchCooperativeKernel(
      (void*)cudavet_test::grid_sum_kernel, dim3(blocks), dim3(256), args, 0,
      at::cuda::getCurrentCUDAStream()));
  return out.item<float>();
}
