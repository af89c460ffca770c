// Safe: the register array is filled and read by fully unrolled loops of
// exactly 8 iterations; the runtime count only decides how many of the 8
// values are real (the rest are padded with zeros).
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

constexpr int kVals = 8;

// cudavet:shape out[num_tokens, hidden_size]; shape in[num_tokens, hidden_size]; shape scales[num_tokens]
// cudavet:user num_tokens <= 1 << 20; user vec_count <= 64
// cudavet:assume hidden_size == 256 * vec_count
// cudavet:launch grid=num_tokens block=256
__global__ void per_token_quant_kernel(int8_t* __restrict__ out, float* __restrict__ scales,
                                       const float* __restrict__ in, const int hidden_size,
                                       const int vec_count) {
  float vals[kVals];
  const int64_t row = (int64_t)blockIdx.x * hidden_size;
  const int base = threadIdx.x * vec_count;
  const int n = min(vec_count, kVals);
  float amax = 0.f;
#pragma unroll
  for (int i = 0; i < kVals; ++i) {
    vals[i] = 0.f;
    if (i < n) {
      vals[i] = in[row + base + i];
    }
    amax = fmaxf(amax, fabsf(vals[i]));
  }
  for (int i = kVals; i < vec_count; ++i) {
    amax = fmaxf(amax, fabsf(in[row + base + i]));
  }
  __shared__ float s_amax;
  if (threadIdx.x == 0) {
    s_amax = 0.f;
  }
  __syncthreads();
  atomicMax(reinterpret_cast<int*>(&s_amax), __float_as_int(amax));
  __syncthreads();
  const float scale = s_amax / 127.f;
  const float inv = scale > 0.f ? 1.f / scale : 0.f;
#pragma unroll
  for (int i = 0; i < kVals; ++i) {
    if (i < n) {
      out[row + base + i] = static_cast<int8_t>(rintf(vals[i] * inv));
    }
  }
  for (int i = kVals; i < vec_count; ++i) {
    out[row + base + i] = static_cast<int8_t>(rintf(in[row + base + i] * inv));
  }
  if (threadIdx.x == 0) {
    scales[blockIdx.x] = scale;
  }
}

void per_token_quant(torch::Tensor& out, torch::Tensor& scales, const torch::Tensor& in) {
  const int hidden_size = in.size(-1);
  const int num_tokens = in.numel() / hidden_size;
  TORCH_CHECK(hidden_size % 256 == 0);
  const int vec_count = hidden_size / 256;
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  per_token_quant_kernel<<<num_tokens, 256, 0, stream>>>(out.data_ptr<int8_t>(), scales.data_ptr<float>(),
                                                         in.data_ptr<float>(), hidden_size, vec_count);
}
