// Safe: a file-scope fixed size (followed by a blank line) applies to
// every kernel of the file, and /* */ comments carry directives as well
// as // comments do.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

// cudavet:fixed head_size = 128; fixed num_heads = 32

/* cudavet:shape q[num_tokens, num_heads, head_size]; user num_tokens <= 1 << 20 */
/* cudavet:launch grid=num_tokens, num_heads block=head_size */
__global__ void q_scale_kernel(float* __restrict__ q, const float scale, const int num_heads, const int head_size) {
  const int64_t off = ((int64_t)blockIdx.x * num_heads + blockIdx.y) * head_size;
  q[off + threadIdx.x] *= scale;
}

// cudavet:shape k[num_tokens, num_heads, head_size]; shape k_scale[num_heads]
// cudavet:user num_tokens <= 1 << 20
// cudavet:launch grid=dim3(num_tokens, num_heads, 1) block=dim3(head_size, 1, 1)
__global__ void k_scale_kernel(float* __restrict__ k, const float* __restrict__ k_scale, const int num_heads,
                               const int head_size) {
  const int64_t off = ((int64_t)blockIdx.x * num_heads + blockIdx.y) * head_size;
  k[off + threadIdx.x] *= k_scale[blockIdx.y];
}
