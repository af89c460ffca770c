// Per-warp staging of 8 expert scores: lanes 0..7 write the scores and
// synchronise with __syncwarp(0xff), but the mask was widened to 0xffff
// when the group grew, naming lanes 8..15 that never reach it: they go on
// to the warp's second __syncwarp, so they have not exited when lanes
// 0..7 wait for them.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

// cudavet:shape out[num_tokens, 8]; shape scores[num_tokens, 8]
// cudavet:user num_tokens
// cudavet:launch grid=ceil_div(num_tokens, 4) block=128
__global__ void stage_scores_kernel(float* __restrict__ out, const float* __restrict__ scores,
                                    const int num_tokens) {
  __shared__ float s_stage[4][8];
  const int warp = threadIdx.x / 32;
  const int lane = threadIdx.x % 32;
  const int token = blockIdx.x * 4 + warp;
  if (token >= num_tokens) {
    return;
  }
  if (lane < 8) {
    s_stage[warp][lane] = scores[(int64_t)token * 8 + lane];
    __syncwarp(0xffff);  // want "__syncwarp with mask 0xffff is not reached by every lane of the mask"
    out[(int64_t)token * 8 + lane] = s_stage[warp][7 - lane];
  }
  // The whole warp meets again before the staging row is cleared for the
  // next batch.
  __syncwarp();
  if (lane < 8) {
    s_stage[warp][lane] = 0.f;
  }
}

void stage_scores(torch::Tensor& out, const torch::Tensor& scores) {
  const int n = scores.size(0);
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  stage_scores_kernel<<<(n + 3) / 4, 128, 0, stream>>>(out.data_ptr<float>(), scores.data_ptr<float>(), n);
}
