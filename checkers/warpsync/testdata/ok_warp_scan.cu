// Inclusive scan of per-lane token counts within a warp (for MoE
// offsets), Hillis-Steele in shared memory. Safe: each step reads its
// partner, __syncwarp(), then writes its own element, __syncwarp().
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

// cudavet:shape offsets[num_warps, 32]; shape counts[num_warps, 32]
// cudavet:user num_warps
// cudavet:launch grid=ceil_div(num_warps, 4) block=128
__global__ void warp_scan_kernel(int* __restrict__ offsets, const int* __restrict__ counts, const int num_warps) {
  __shared__ int s_scan[128];
  const int lane = threadIdx.x % 32;
  const int64_t g = (int64_t)blockIdx.x * 128 + threadIdx.x;
  if (blockIdx.x * 4 + threadIdx.x / 32 >= num_warps) {
    return;
  }
  s_scan[threadIdx.x] = counts[g];
  __syncwarp();
  for (int d = 0; d < 5; ++d) {
    const int off = 1 << d;
    const int add = lane >= off ? s_scan[threadIdx.x - off] : 0;
    __syncwarp();
    s_scan[threadIdx.x] += add;
    __syncwarp();
  }
  offsets[g] = s_scan[threadIdx.x];
}

void warp_scan(torch::Tensor& offsets, const torch::Tensor& counts) {
  const int num_warps = counts.size(0);
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  warp_scan_kernel<<<(num_warps + 3) / 4, 128, 0, stream>>>(offsets.data_ptr<int>(), counts.data_ptr<int>(), num_warps);
}
