// MoE routing: count how many tokens each expert receives. Each block
// keeps a shared histogram of expert ids, but the increment is a plain
// read-modify-write: two threads routing to one expert lose a count.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

// cudavet:shape topk_ids[numel]; shape counts[num_experts]
// cudavet:user numel; fixed num_experts = 64
// cudavet:launch grid=ceil_div(numel, 256) block=256
__global__ void expert_count_kernel(int* __restrict__ counts, const int* __restrict__ topk_ids,
                                    const int numel, const int num_experts) {
  __shared__ int s_hist[64];
  const int tid = threadIdx.x;
  if (tid < 64) {
    s_hist[tid] = 0;
  }
  __syncthreads();
  const int i = blockIdx.x * blockDim.x + tid;
  if (i < numel) {
    const int e = topk_ids[i];
    if (e >= 0 && e < 64) {
      s_hist[e] += 1;  // want "data race on shared s_hist: store to s_hist\\[e\\]"
    }
  }
  __syncthreads();
  if (tid < 64) {
    atomicAdd(&counts[tid], s_hist[tid]);
  }
}

void expert_count(torch::Tensor& counts, const torch::Tensor& topk_ids) {
  const int numel = topk_ids.numel();
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  expert_count_kernel<<<(numel + 255) / 256, 256, 0, stream>>>(counts.data_ptr<int>(), topk_ids.data_ptr<int>(),
                                                               numel, 64);
}
