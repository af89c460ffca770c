// Block sum for a fused residual-add RMSNorm: the tree stops at 64
// elements and the last warp finishes unrolled, on a plain (non-volatile)
// pointer and without __syncwarp: lane 0 may read sdata[16] before lane
// 16 has added into it.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

// cudavet:shape out[num_tokens]; shape in[num_tokens, hidden]
// cudavet:user num_tokens; fixed hidden = 8192
// cudavet:launch grid=num_tokens block=512
__global__ void token_sum_kernel(float* __restrict__ out, const float* __restrict__ in, const int hidden) {
  __shared__ float sdata[512];
  const int tid = threadIdx.x;
  float acc = 0.f;
  for (int i = tid; i < hidden; i += blockDim.x) {
    acc += in[(int64_t)blockIdx.x * hidden + i];
  }
  sdata[tid] = acc;
  __syncthreads();
  for (int s = blockDim.x / 2; s > 32; s >>= 1) {
    if (tid < s) {
      sdata[tid] += sdata[tid + s];
    }
    __syncthreads();
  }
  if (tid / 32 == 0) {  // the last warp
    sdata[tid] += sdata[tid + 32];
    sdata[tid] += sdata[tid + 16];  // want "lanes \\d+ and \\d+ of one warp race on shared sdata: load from sdata\\[tid \\+ 16\\] and store to sdata\\[tid\\] with no __syncwarp\\(\\) between them"
    sdata[tid] += sdata[tid + 8];
    sdata[tid] += sdata[tid + 4];
    sdata[tid] += sdata[tid + 2];
    sdata[tid] += sdata[tid + 1];
  }
  if (tid == 0) {
    out[blockIdx.x] = sdata[0];
  }
}

void token_sum(torch::Tensor& out, const torch::Tensor& in) {
  const int num_tokens = in.size(0);
  const int hidden = in.size(1);
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  token_sum_kernel<<<num_tokens, 512, 0, stream>>>(out.data_ptr<float>(), in.data_ptr<float>(), hidden);
}
