// Block sum with the classic volatile last-warp reduction: volatile keeps
// the compiler from caching sdata in registers, but since Volta the lanes
// of a warp do not run in lockstep, so lane 0 may still read sdata[16]
// before lane 16 has added into it: __syncwarp() is required.
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
    volatile float* vs = sdata;
    vs[tid] += vs[tid + 32];
    vs[tid] += vs[tid + 16];  // want "lanes \\d+ and \\d+ of one warp race on shared sdata: load from vs\\[tid \\+ 16\\] and store to vs\\[tid\\]"
    vs[tid] += vs[tid + 8];
    vs[tid] += vs[tid + 4];
    vs[tid] += vs[tid + 2];
    vs[tid] += vs[tid + 1];
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
