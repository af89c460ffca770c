// Count positive logits per warp for a sampling filter: the ballot sits
// inside the bounds check, so in the last warp the lanes past num_logits
// are named by the full mask but never vote.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

// cudavet:shape counts[ceil_div(num_logits, 32)]; shape logits[num_logits]
// cudavet:user num_logits
// cudavet:launch grid=ceil_div(num_logits, 128) block=128
__global__ void count_positive_kernel(int* __restrict__ counts, const float* __restrict__ logits,
                                      const int num_logits) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < num_logits) {
    const unsigned int votes = __ballot_sync(0xffffffff, logits[i] > 0.f);  // want "__ballot_sync with mask 0xffffffff is not reached by every lane of the mask: lane \\d+ calls it, lane \\d+ does not"
    if (threadIdx.x % 32 == 0) {
      counts[i / 32] = __popc(votes);
    }
  }
}

void count_positive(torch::Tensor& counts, const torch::Tensor& logits) {
  const int n = logits.numel();
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  count_positive_kernel<<<(n + 127) / 128, 128, 0, stream>>>(counts.data_ptr<int>(), logits.data_ptr<float>(), n);
}
