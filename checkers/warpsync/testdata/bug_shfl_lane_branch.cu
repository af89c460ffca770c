// Top-k over 16 candidates per warp: only the first half-warp holds
// candidates, but the butterfly uses the full mask, naming lanes 16..31
// that never reach the shuffle.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

// cudavet:shape out[num_rows]; shape scores[num_rows, 16]
// cudavet:user num_rows
// cudavet:launch grid=ceil_div(num_rows, 8) block=256
__global__ void row_max16_kernel(float* __restrict__ out, const float* __restrict__ scores, const int num_rows) {
  const int lane = threadIdx.x % 32;
  const int row = blockIdx.x * 8 + threadIdx.x / 32;
  if (row >= num_rows) {
    return;
  }
  if (lane < 16) {
    float v = scores[(int64_t)row * 16 + lane];
    for (int off = 8; off > 0; off >>= 1) {
      v = fmaxf(v, __shfl_xor_sync(0xffffffff, v, off));  // want "__shfl_xor_sync with mask 0xffffffff is not reached by every lane of the mask: lane \\d+ calls it, lane \\d+ does not"
    }
    if (lane == 0) {
      out[row] = v;
    }
  }
}

void row_max16(torch::Tensor& out, const torch::Tensor& scores) {
  const int num_rows = scores.size(0);
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  row_max16_kernel<<<(num_rows + 7) / 8, 256, 0, stream>>>(out.data_ptr<float>(), scores.data_ptr<float>(), num_rows);
}
