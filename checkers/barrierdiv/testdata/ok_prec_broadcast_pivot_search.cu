// Top-p renormalisation by pivot search (the FlashInfer style): each
// thread scans its slice for the smallest probability above the lower
// pivot, the block reduces it, thread 0 broadcasts the block's value
// through shared temp storage (reached through a reference into the
// dynamic shared buffer), and every thread reads it back before the loop
// test. The search variable was per-thread inside the scan, but at the
// loop's condition it holds the broadcast: the trip count is the same for
// every thread, and so are the barriers in the loop.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

struct PivotTempStorage {
  float partial[32];
  float min_val;
  float max_val;
};

__device__ float block_min(float v, PivotTempStorage& ts) {
  const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  for (int o = 16; o > 0; o /= 2) v = fminf(v, __shfl_xor_sync(0xffffffffu, v, o));
  if (lane == 0) ts.partial[warp] = v;
  __syncthreads();
  v = lane < blockDim.x / 32 ? ts.partial[lane] : 1e30f;
  for (int o = 16; o > 0; o /= 2) v = fminf(v, __shfl_xor_sync(0xffffffffu, v, o));
  __syncthreads();
  return v;
}

__global__ void top_p_renorm_kernel(const float* __restrict__ probs, float* __restrict__ out, const float top_p,
                                    const int d) {
  extern __shared__ __align__(16) unsigned char smem[];
  auto& ts = reinterpret_cast<PivotTempStorage&>(smem);
  const float* row = probs + static_cast<int64_t>(blockIdx.x) * d;
  float low = 0.f, high = 1.f;
  float min_gt_low, max_le_high;
  do {
    min_gt_low = high;
    max_le_high = low;
    for (int i = threadIdx.x; i < d; i += blockDim.x) {
      const float p = row[i];
      if (p > low) min_gt_low = fminf(min_gt_low, p);
      if (p <= high) max_le_high = fmaxf(max_le_high, p);
    }
    min_gt_low = block_min(min_gt_low, ts);
    if (threadIdx.x == 0) {
      ts.min_val = min_gt_low;
      ts.max_val = max_le_high;
    }
    __syncthreads();
    min_gt_low = ts.min_val;
    max_le_high = ts.max_val;
    if (min_gt_low > top_p) {
      high = min_gt_low;
    } else {
      low = min_gt_low;
    }
    __syncthreads();
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
