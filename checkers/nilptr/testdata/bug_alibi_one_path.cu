// Paged-attention logits with optional ALiBi slopes, launched from a
// file that is not analysed (annotations describe the launch): the kernel
// checks alibi_slopes against nullptr for the scores of the first
// partition but reads it unguarded for the rest.
#include <cuda_runtime.h>
#include <stdint.h>

// cudavet:fixed num_heads = 32; fixed partition_size = 512; user context_len <= 8192; user num_partitions <= 16
// cudavet:launch grid=num_heads, num_partitions block=128
__global__ void paged_attention_logits_kernel(float* __restrict__ logits, const float* __restrict__ qk,
                                              const float* __restrict__ alibi_slopes, const int num_heads,
                                              const int context_len, const int num_partitions,
                                              const int partition_size) {
  const int head = blockIdx.x;
  const int partition = blockIdx.y;
  const int start = partition * partition_size;
  for (int t = start + threadIdx.x; t < min(start + partition_size, context_len); t += blockDim.x) {
    float s = qk[(int64_t)head * context_len + t];
    if (partition == 0) {
      if (alibi_slopes != nullptr) s += alibi_slopes[head] * (t - context_len + 1);
    } else {
      s += alibi_slopes[head] * (t - context_len + 1);  // want `load from alibi_slopes\[head\] dereferences alibi_slopes on a path without the null check the kernel makes at line 20`
    }
    logits[(int64_t)head * context_len + t] = s;
  }
}
