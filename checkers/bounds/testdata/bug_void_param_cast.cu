// Bug twin of ok_void_param_cast.cu: each lane reads HEAD_DIM / 16
// weight elements, so lanes 16 to 31 read past the head_dim elements
// of the weight tensor.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>
#include <cuda_bf16.h>

constexpr int HEAD_DIM = 128;

__global__ void head_scale_kernel(void* __restrict__ out_void, const void* __restrict__ x_void,
                                  const void* __restrict__ weight_void, const int rows) {
  __nv_bfloat16* out = reinterpret_cast<__nv_bfloat16*>(out_void);
  const __nv_bfloat16* x = reinterpret_cast<const __nv_bfloat16*>(x_void);
  const __nv_bfloat16* weight = reinterpret_cast<const __nv_bfloat16*>(weight_void);
  const int warp = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
  const int lane = threadIdx.x % 32;
  if (warp >= rows) return;
  constexpr int PER_LANE = HEAD_DIM / 16;
#pragma unroll
  for (int i = 0; i < PER_LANE; i++) {
    const int d = lane * PER_LANE + i;
    out[(int64_t)warp * HEAD_DIM + d] = __hmul(x[(int64_t)warp * HEAD_DIM + d], weight[d]);  // want "load from x\\[.*past the end of buffer x_void \\(256 bytes here\\)" "load from weight\\[d\\] is past the end of buffer weight_void"
  }
}

void head_scale(torch::Tensor& out, const torch::Tensor& x, const torch::Tensor& weight) {
  TORCH_CHECK(x.scalar_type() == at::ScalarType::BFloat16);
  TORCH_CHECK(x.dim() == 2 && x.size(1) == HEAD_DIM);
  TORCH_CHECK(weight.dim() == 1 && weight.size(0) == HEAD_DIM);
  TORCH_CHECK(out.sizes() == x.sizes());
  const int rows = x.size(0);
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  head_scale_kernel<<<(rows * 32 + 255) / 256, 256, 0, stream>>>(out.data_ptr(), x.data_ptr(),
                                                                  weight.data_ptr(), rows);
}
