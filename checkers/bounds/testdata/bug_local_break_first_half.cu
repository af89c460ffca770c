// Bug twin of ok_local_break_first_half.cu: the fragment setup runs over
// both halves of the transform with no break, so for a size whose log is a
// multiple of 4 (256 = 2^8) the second half reads row c - 1 = -1.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

template <int LOG_N>
__global__ void had_frag_kernel(uint32_t* __restrict__ out, const int rows) {
  const uint32_t masks[4] = {0x88442211u, 0xcccc3333u, 0xf0f00f0fu, 0xffffffffu};
  uint32_t frag[8];
#pragma unroll
  for (int i = 0; i < 8; i++) frag[i] = 0;
#pragma unroll
  for (int i = 0; i < 2; i++) {
    const int c = (i == 0) ? min(4, LOG_N) : LOG_N % 4;
#pragma unroll
    for (int j = 0; j < 4; j++) {
      frag[i * 4 + j] = masks[c - 1] >> j;  // want "load from masks\\[c - 1\\] is before the start of local array masks"
    }
  }
  const int row = blockIdx.x;
  if (row < rows) {
#pragma unroll
    for (int i = 0; i < 8; i++) out[(int64_t)row * 256 + threadIdx.x * 8 + i] = frag[i];
  }
}

void had_frag(torch::Tensor& out) {
  TORCH_CHECK(out.dim() == 2 && out.size(1) == 256 * 8);
  const int rows = out.size(0);
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  had_frag_kernel<8><<<rows, 256, 0, stream>>>(reinterpret_cast<uint32_t*>(out.data_ptr<int>()), rows);
}
