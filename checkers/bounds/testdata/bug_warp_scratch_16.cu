// Row L2-norm with a two-level reduction: warps reduce with shuffles and
// lane 0 of each warp writes its partial sum to a scratch array sized for
// 16 warps. The launcher picks the block size up to 1024 threads (32
// warps), and warps 16..31 write past the array.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

// cudavet:shape out[num_rows]; shape in[num_rows, row_len]
// cudavet:user num_rows <= 1 << 20; user row_len <= 1 << 16
// cudavet:launch grid=num_rows block=bs
// cudavet:assume 32 <= bs <= 1024 && bs % 32 == 0
__global__ void row_l2_norm_kernel(float* __restrict__ out, const float* __restrict__ in,
                                   const int row_len) {
  __shared__ float red[16];
  const float* row = in + (int64_t)blockIdx.x * row_len;
  float sum = 0.f;
  for (int i = threadIdx.x; i < row_len; i += blockDim.x) {
    sum += row[i] * row[i];
  }
  for (int off = 16; off > 0; off >>= 1) {
    sum += __shfl_xor_sync(0xffffffff, sum, off);
  }
  const int warp = threadIdx.x / 32;
  const int lane = threadIdx.x % 32;
  if (lane == 0) {
    red[warp] = sum;  // want "store to red\\[warp\\] is past the end of shared array red \\(16 elements\\) when bs >= 544"
  }
  __syncthreads();
  if (threadIdx.x == 0) {
    float total = 0.f;
    for (int w = 0; w < blockDim.x / 32; ++w) {
      total += red[w];  // want "load from red\\[w\\] is past the end of shared array red \\(16 elements\\) when bs >= 544"
    }
    out[blockIdx.x] = sqrtf(total);
  }
}

void row_l2_norm(torch::Tensor& out, const torch::Tensor& in) {
  const int num_rows = in.size(0);
  const int row_len = in.size(1);
  const int bs = std::min(1024, (row_len + 31) / 32 * 32);
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  row_l2_norm_kernel<<<num_rows, bs, 0, stream>>>(out.data_ptr<float>(), in.data_ptr<float>(), row_len);
}
