// num_tokens is declared user-controlled and then fixed: the two classes
// exclude each other (a threshold is reported on user sizes only).
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>
#include <cuda_fp16.h>

// cudavet:shape out[num_tokens, head_size]; shape q[num_tokens, head_size]
// cudavet:user num_tokens <= 1 << 20; fixed head_size = 128
// want +1 `cudavet:fixed: num_tokens is also declared user-controlled \(line 8\)`
// cudavet:fixed num_tokens = 4096
// cudavet:launch grid=num_tokens block=128
__global__ void q_scale_kernel(__half* __restrict__ out, const __half* __restrict__ q, const float scale,
                               const int head_size) {
  const int64_t row = (int64_t)blockIdx.x * head_size;
  out[row + threadIdx.x] = __float2half(__half2float(q[row + threadIdx.x]) * scale);
}
