// Routing samples for a min-latency MoE profile: block b draws a number of
// active experts that grows with b, and every thread of the block stores
// that count to the block's own slot. The value is computed in float from
// blockIdx.x and a parameter only, so all threads of a block store the
// same number: whichever store lands last, the slot holds it.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

constexpr int kSamples = 16;

// cudavet:shape counts[16]
// cudavet:fixed num_experts = 128
// cudavet:launch grid=16 block=256
__global__ void sample_active_kernel(int* __restrict__ counts, const int num_experts) {
  int* mine = counts + blockIdx.x;
  const int active = max(1, (int)(blockIdx.x * ((float)num_experts / kSamples)));
  *mine = active;
}

void sample_active(torch::Tensor& counts, const int64_t num_experts) {
  sample_active_kernel<<<kSamples, 256, 0, at::cuda::getCurrentCUDAStream()>>>(counts.data_ptr<int>(), num_experts);
}
