// Merge of attention partitions that writes the log-sum-exp only when
// the caller asks for it: the launcher leaves lse an undefined tensor
// otherwise and passes nullptr, and the internal helper is also called
// with std::nullopt for the output rescale; the kernel writes lse and
// reads the rescale on every path.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

__global__ void merge_attn_states_kernel(float* __restrict__ out, float* __restrict__ lse,
                                         const float* __restrict__ prefix_out, const float* __restrict__ prefix_lse,
                                         const float* __restrict__ out_scale, const int head_size) {
  const int64_t token_head = blockIdx.x;
  const float m = prefix_lse[token_head];
  const float scale = out_scale[0];  // want `load from out_scale\[0\] dereferences out_scale, which the launch in merge_attn_states_impl at bug_lse_undefined.cu:\d+ passes as nullptr`
  for (int d = threadIdx.x; d < head_size; d += blockDim.x) {
    out[token_head * head_size + d] = prefix_out[token_head * head_size + d] * scale;
  }
  if (threadIdx.x == 0) lse[token_head] = m;  // want `store to lse\[token_head\] dereferences lse, which the launch in merge_attn_states_impl at bug_lse_undefined.cu:\d+ passes as nullptr when !return_lse`
}

static void merge_attn_states_impl(torch::Tensor& out, const torch::Tensor& prefix_out,
                                   const torch::Tensor& prefix_lse, bool return_lse,
                                   const std::optional<torch::Tensor>& out_scale) {
  const int num_token_heads = prefix_lse.numel();
  const int head_size = prefix_out.size(-1);
  torch::Tensor lse;
  if (return_lse) {
    lse = torch::empty_like(prefix_lse);
  }
  float* lse_ptr = lse.defined() ? lse.data_ptr<float>() : nullptr;
  const float* scale_ptr = out_scale ? out_scale->data_ptr<float>() : nullptr;
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  merge_attn_states_kernel<<<num_token_heads, 128, 0, stream>>>(out.data_ptr<float>(), lse_ptr,
                                                                prefix_out.data_ptr<float>(),
                                                                prefix_lse.data_ptr<float>(), scale_ptr, head_size);
}

void merge_attn_states(torch::Tensor& out, const torch::Tensor& prefix_out, const torch::Tensor& prefix_lse,
                       bool return_lse) {
  merge_attn_states_impl(out, prefix_out, prefix_lse, return_lse, std::nullopt);
}
