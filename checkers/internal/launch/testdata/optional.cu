// Optional tensors and undefined tensors in a launcher: each pointer
// argument's null condition (Spec.Nulls).
#include <torch/all.h>
#include <optional>

__global__ void epilogue_kernel(float* out, const float* bias, const float* scale, const float* state,
                                const float* lse, const float* zero, const float* fallback, bool has_bias, int n) {}

static void epilogue_impl(torch::Tensor& out, const c10::optional<torch::Tensor>& bias,
                          const std::optional<torch::Tensor>& scale, const std::optional<torch::Tensor>& state,
                          bool return_lse) {
  torch::Tensor lse;
  if (return_lse) lse = torch::empty_like(out);
  torch::Tensor fb = scale.value_or(torch::Tensor());
  const float* bias_ptr = bias.has_value() ? bias->data_ptr<float>() : nullptr;
  const float* scale_ptr = scale ? scale.value().data_ptr<float>() : nullptr;
  const float* state_ptr = state.has_value() ? (*state).data_ptr<float>() : nullptr;
  const float* lse_ptr = lse.defined() ? lse.data_ptr<float>() : nullptr;
  const float* fb_ptr = fb.defined() ? fb.data_ptr<float>() : nullptr;
  epilogue_kernel<<<1, 128>>>(out.data_ptr<float>(), bias_ptr, scale_ptr, state_ptr, lse_ptr, nullptr, fb_ptr,
                              bias_ptr != nullptr, 128);
}

void epilogue(torch::Tensor& out, const c10::optional<torch::Tensor>& bias, const std::optional<torch::Tensor>& scale,
              bool return_lse) {
  epilogue_impl(out, bias, scale, std::nullopt, return_lse);
}
