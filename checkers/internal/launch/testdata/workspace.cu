// A workspace the launcher never inspects, carved at an offset of the
// launch's sizes; and a query tensor whose shape it asks.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

__global__ void offsets_kernel(int64_t* __restrict__ offsets, float* __restrict__ q, const int batch) {
  for (int i = threadIdx.x; i < batch; i += blockDim.x) {
    offsets[i] = i;
    q[i] = 0.f;
  }
}

void setup(torch::Tensor& workspace, torch::Tensor& q) {
  const int64_t batch = q.size(0), width = q.size(1);
  int8_t* base = static_cast<int8_t*>(workspace.data_ptr());
  int8_t* offsets = base + batch * width * sizeof(float);
  offsets_kernel<<<1, 128>>>(reinterpret_cast<int64_t*>(offsets), q.data_ptr<float>(), static_cast<int>(batch));
}
