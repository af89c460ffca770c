// Routing samples for a min-latency MoE profile: every block computes a
// number of active experts that grows with its index, but all blocks store
// it to the one counter: blocks race, and the counter ends with whichever
// block's count landed last.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

constexpr int kSamples = 16;

// cudavet:shape counts[16]
// cudavet:fixed num_experts = 128
// cudavet:launch grid=16 block=256
__global__ void sample_active_kernel(int* __restrict__ counts, const int num_experts) {
  const int active = max(1, (int)(blockIdx.x * ((float)num_experts / kSamples)));
  *counts = active;  // want "data race on global counts: store to counts\\[0\\] and store to counts\\[0\\] by two threads from different blocks"
}

void sample_active(torch::Tensor& counts, const int64_t num_experts) {
  sample_active_kernel<<<kSamples, 256, 0, at::cuda::getCurrentCUDAStream()>>>(counts.data_ptr<int>(), num_experts);
}
