// No report: idx + 512 would wrap only in an iteration past 2^31 - 512,
// which exists only when the row length read from seq_lens is that large.
// The iteration a witness picks must exist whatever the loaded data is,
// and here it does not (a top-k over each row of logits, as in samplers).
#include <torch/all.h>

__device__ void row_max(const float* logits, int row_start, int row_end, float* out) {
  float m = -1e30f;
  for (int idx = row_start + threadIdx.x; idx < row_end; idx += 512) {
    m = fmaxf(m, logits[idx]);
  }
  out[threadIdx.x] = m;
}

__global__ __launch_bounds__(512) void row_max_kernel(const float* logits, const int* seq_lens, float* out,
                                                      const int topk) {
  const int seq_len = seq_lens[blockIdx.x];
  const int row_end = max(0, seq_len);
  if (row_end <= topk) {
    return;
  }
  row_max(logits, 0, row_end, out + blockIdx.x * 512);
}

void row_max_op(torch::Tensor logits, torch::Tensor seq_lens, torch::Tensor out, int64_t topk) {
  row_max_kernel<<<seq_lens.size(0), 512>>>(logits.data_ptr<float>(), seq_lens.data_ptr<int>(),
                                            out.data_ptr<float>(), topk);
}
