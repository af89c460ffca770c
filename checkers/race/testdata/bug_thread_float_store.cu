// A per-block bucket index computed in float from the thread's index and
// stored by every thread to the block's one slot: threads store different
// values, and the slot ends with whichever landed last.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

// cudavet:shape buckets[blocks]
// cudavet:user blocks
// cudavet:launch grid=blocks block=256
__global__ void bucket_kernel(int* __restrict__ buckets, const float scale) {
  int* mine = buckets + blockIdx.x;
  *mine = (int)(threadIdx.x * scale);  // want "data race on global buckets: store to mine\\[0\\] and store to mine\\[0\\] by two threads in the same barrier interval"
}

void bucket(torch::Tensor& buckets, const double scale) {
  bucket_kernel<<<buckets.size(0), 256, 0, at::cuda::getCurrentCUDAStream()>>>(buckets.data_ptr<int>(), scale);
}
