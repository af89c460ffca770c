// KV-cache gather for a 14336-wide projection: the row offset is computed
// in int64_t but stored in an int, which truncates it for batches of
// 149798 tokens or more (and offset + i wraps one row earlier).
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

// cudavet:shape out[num_tokens, hidden_size]; shape src[num_tokens, hidden_size]
// cudavet:user num_tokens <= 1 << 20; fixed hidden_size = 14336
// cudavet:launch grid=num_tokens block=256
__global__ void gather_rows_kernel(float* __restrict__ out, const float* __restrict__ src,
                                   const int64_t hidden_size) {
  const int64_t token = blockIdx.x;
  const int offset = token * hidden_size;  // want "conversion of token \\* hidden_size \\(int64_t\\) to int truncates when num_tokens >= 149798"
  for (int i = threadIdx.x; i < hidden_size; i += blockDim.x) {
    out[offset + i] = src[offset + i];  // want "offset \\+ i \\(int\\) overflows when num_tokens >= 149797" "offset \\+ i \\(int\\) overflows"
  }
}

void gather_rows(torch::Tensor& out, const torch::Tensor& src) {
  const int64_t hidden_size = src.size(-1);
  const int64_t num_tokens = src.size(0);
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  gather_rows_kernel<<<num_tokens, 256, 0, stream>>>(out.data_ptr<float>(), src.data_ptr<float>(),
                                                     hidden_size);
}
