// Scales each row of a [rows, d] tensor in slices of about 8192 elements
// (one block per row and slice), VEC elements per step. Slices start at
// multiples of 16 bytes; the launcher picks VEC as the largest width of at
// most 16 bytes dividing the row (std::gcd), so a slice's length is a
// multiple of VEC and a step never crosses its end. The dispatch
// instantiates widths up to 16 elements, which a float row never selects
// (16 / sizeof(float) = 4).
#include <numeric>
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

__host__ __device__ inline uint32_t ceil_div(uint32_t a, uint32_t b) { return (a + b - 1) / b; }
__host__ __device__ inline uint32_t round_up(uint32_t a, uint32_t b) { return ceil_div(a, b) * b; }

template <uint32_t VEC, typename T>
__global__ void scale_slices_kernel(T* __restrict__ out, const T* __restrict__ in, const uint32_t d,
                                    const uint32_t num_slices) {
  const uint32_t slice_stride = round_up(ceil_div(d, num_slices), 16 / sizeof(T));
  const uint32_t slice_start = blockIdx.y * slice_stride;
  if (slice_start >= d) return;
  const uint32_t slice_size = min(slice_start + slice_stride, d) - slice_start;
  const size_t base = (size_t)blockIdx.x * d + slice_start;
  for (uint32_t i = threadIdx.x * VEC; i < slice_size; i += blockDim.x * VEC) {
#pragma unroll
    for (uint32_t j = 0; j < VEC; ++j) {
      out[base + i + j] = in[base + i + j] * 2.f;
    }
  }
}

#define DISPATCH_VEC(vec, VEC, ...)                              \
  switch (vec) {                                                 \
    case 16: { constexpr uint32_t VEC = 16; __VA_ARGS__ break; } \
    case 8: { constexpr uint32_t VEC = 8; __VA_ARGS__ break; }   \
    case 4: { constexpr uint32_t VEC = 4; __VA_ARGS__ break; }   \
    case 2: { constexpr uint32_t VEC = 2; __VA_ARGS__ break; }   \
    default: { constexpr uint32_t VEC = 1; __VA_ARGS__ break; }  \
  }

void scale_slices(torch::Tensor& out, const torch::Tensor& in) {
  TORCH_CHECK(in.dim() == 2 && in.scalar_type() == at::kFloat);
  TORCH_CHECK(out.sizes() == in.sizes());
  const uint32_t rows = in.size(0);
  const uint32_t d = in.size(1);
  const uint32_t num_slices = ceil_div(d, 8192);
  const uint32_t vec = std::gcd(16 / sizeof(float), d);
  DISPATCH_VEC(vec, VEC, {
    scale_slices_kernel<VEC, float><<<dim3(rows, num_slices), 256, 0, at::cuda::getCurrentCUDAStream()>>>(
        out.data_ptr<float>(), in.data_ptr<float>(), d, num_slices);
  })
}
