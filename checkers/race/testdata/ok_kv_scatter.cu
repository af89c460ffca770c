// Paged KV cache write: each token's key is copied to the slot the
// scheduler assigned. Safe: slots come from the input, and a pure
// scatter (no read of the element written) is trusted to have distinct
// slots, as vLLM's slot_mapping promises; different tokens never share
// a slot, and each thread writes its own element of the slot.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

// cudavet:shape key_cache[num_slots, head_size]; shape key[num_tokens, head_size]; shape slot_mapping[num_tokens]
// cudavet:user num_tokens; user num_slots; fixed head_size = 128
// cudavet:launch grid=num_tokens block=128
__global__ void write_kv_kernel(float* __restrict__ key_cache, const float* __restrict__ key,
                                const int64_t* __restrict__ slot_mapping, const int head_size) {
  const int64_t slot = slot_mapping[blockIdx.x];
  if (slot < 0) {
    return;  // padding token
  }
  const int i = threadIdx.x;
  key_cache[slot * head_size + i] = key[(int64_t)blockIdx.x * head_size + i];
}

void write_kv(torch::Tensor& key_cache, const torch::Tensor& key, const torch::Tensor& slot_mapping) {
  const int num_tokens = key.size(0);
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  write_kv_kernel<<<num_tokens, 128, 0, stream>>>(key_cache.data_ptr<float>(), key.data_ptr<float>(),
                                                  slot_mapping.data_ptr<int64_t>(), 128);
}
