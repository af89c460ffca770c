// Top-p renormalisation by pivot search, as in ok_prec_broadcast_pivot_search
// but the maximum is never broadcast: thread 0 stores the block's minimum,
// every thread reads it back, and then refines its own max_le_high from its
// slice after the broadcast. The loop test compares the broadcast minimum
// with a per-thread maximum: threads leave the loop at different
// iterations, and the ones still inside wait at barriers the others never
// reach.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

struct PivotTempStorage {
  float partial[32];
  float min_val;
};

__global__ void top_p_renorm_kernel(const float* __restrict__ probs, float* __restrict__ out, const float top_p,
                                    const int d) {
  extern __shared__ __align__(16) unsigned char smem[];
  auto& ts = reinterpret_cast<PivotTempStorage&>(smem);
  const float* row = probs + static_cast<int64_t>(blockIdx.x) * d;
  float low = 0.f, high = 1.f;
  float min_gt_low, max_le_high;
  do {
    min_gt_low = high;
    if (threadIdx.x == 0) {
      for (int i = 0; i < d; ++i) {
        if (row[i] > low) min_gt_low = fminf(min_gt_low, row[i]);
      }
      ts.min_val = min_gt_low;
    }
    __syncthreads();  // want `__syncthreads\(\) is inside a loop whose trip count depends on threadIdx.x via`
    min_gt_low = ts.min_val;
    max_le_high = low;
    for (int i = threadIdx.x; i < d; i += blockDim.x) {
      if (row[i] <= high) max_le_high = fmaxf(max_le_high, row[i]);
    }
    if (min_gt_low > top_p) {
      high = min_gt_low;
    } else {
      low = min_gt_low;
    }
    __syncthreads();  // want `__syncthreads\(\) is inside a loop whose trip count depends on threadIdx.x via`
  } while (min_gt_low < max_le_high);
  for (int i = threadIdx.x; i < d; i += blockDim.x) {
    out[static_cast<int64_t>(blockIdx.x) * d + i] = row[i] > low ? row[i] : 0.f;
  }
}

void top_p_renorm(torch::Tensor& out, const torch::Tensor& probs, double top_p) {
  const int batch = probs.size(0), d = probs.size(1);
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  top_p_renorm_kernel<<<batch, 1024, sizeof(PivotTempStorage), stream>>>(
      probs.data_ptr<float>(), out.data_ptr<float>(), static_cast<float>(top_p), d);
}
