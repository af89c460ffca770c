// Index tensors of inference kernels and what their entries range over
// (see TestIndexes).
#include <torch/all.h>

// A block table's entries are blocks of the cache (its leading dimension).
__global__ void paged_kernel(float* __restrict__ out, const float* __restrict__ key_cache,
                             const int* __restrict__ block_tables, const int entries) {}

// Positions are rows of the rotary cache.
__global__ void rotary_kernel(float* __restrict__ q, const int64_t* __restrict__ positions,
                              const float* __restrict__ cos_sin_cache) {}

// Expert ids are below the num_experts the launch passes; so are the
// entries of an expert map (or -1), const or not.
__global__ void experts_kernel(int* __restrict__ counts, const int* __restrict__ topk_ids,
                               int* __restrict__ expert_map, const int num_experts) {}

// Not index tensors here: a block table the kernel may write, a slot
// mapping (its −1 padding), an expert list without its count.
__global__ void other_kernel(int* __restrict__ block_tables, const int64_t* __restrict__ slot_mapping,
                             const int* __restrict__ topk_ids, const float* __restrict__ key_cache) {}

void launch_all(torch::Tensor& out, torch::Tensor& key_cache, torch::Tensor& block_tables, torch::Tensor& q,
                torch::Tensor& positions, torch::Tensor& cos_sin_cache, torch::Tensor& counts,
                torch::Tensor& topk_ids, torch::Tensor& slot_mapping, int64_t num_experts) {
  paged_kernel<<<block_tables.size(0), 256>>>(out.data_ptr<float>(), key_cache.data_ptr<float>(),
                                              block_tables.data_ptr<int>(), key_cache.size(1));
  rotary_kernel<<<positions.numel(), 128>>>(q.data_ptr<float>(), positions.data_ptr<int64_t>(),
                                            cos_sin_cache.data_ptr<float>());
  experts_kernel<<<topk_ids.numel(), 256>>>(counts.data_ptr<int>(), topk_ids.data_ptr<int>(),
                                            counts.data_ptr<int>(), num_experts);
  other_kernel<<<1, 32>>>(block_tables.data_ptr<int>(), slot_mapping.data_ptr<int64_t>(), topk_ids.data_ptr<int>(),
                          key_cache.data_ptr<float>());
}
