// A sampling extension in the style of FlashInfer's: the Philox state from
// torch's CUDA generator (seed_.val / offset_.val), ATen/Utils.h and
// torch/csrc/utils/pybind.h included for the torch types, the CPython
// module stub initialised with all nine PyModuleDef members, and a launch
// configured through driver launch attributes (cluster scheduling policy,
// occupancy query).
#include <ATen/Utils.h>
#include <ATen/core/Generator.h>
#include <ATen/cuda/CUDAGeneratorImpl.h>
#include <ATen/cuda/detail/UnpackRaw.cuh>
#include <torch/csrc/utils/pybind.h>
#include <Python.h>
#include <cuda.h>
#include <cuda_runtime.h>
#include <mutex>

namespace cudavet_test {

__global__ void sample_kernel(const float* probs, int* out, int d, uint64_t seed, uint64_t offset) {
  const int row = blockIdx.x;
  if (threadIdx.x == 0) {
    out[row] = static_cast<int>((seed + offset + row) % static_cast<uint64_t>(d));
  }
}

void sample(at::Tensor probs, at::Tensor out, std::optional<at::Generator> gen_) {
  const int batch = probs.size(0);
  const int d = probs.size(1);
  auto gen = at::get_generator_or_default<at::CUDAGeneratorImpl>(
      gen_, at::cuda::detail::getDefaultCUDAGenerator());
  uint64_t seed, offset;
  {
    std::lock_guard<std::mutex> lock(gen->mutex_);
    at::PhiloxCudaState state = gen->philox_cuda_state(batch * d);
    seed = state.seed_.val;
    offset = state.offset_.val;
  }
  sample_kernel<<<batch, 32>>>(probs.data_ptr<float>(), out.data_ptr<int>(), d, seed, offset);
}

int clusters_for(CUfunction func, CUlaunchConfig* config, unsigned cluster_x) {
  CUlaunchAttribute attrs[2];
  attrs[0].id = CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION;
  attrs[0].value.clusterDim.x = cluster_x;
  attrs[0].value.clusterDim.y = 1;
  attrs[0].value.clusterDim.z = 1;
  attrs[1].id = CU_LAUNCH_ATTRIBUTE_CLUSTER_SCHEDULING_POLICY_PREFERENCE;
  attrs[1].value.clusterSchedulingPolicyPreference =
      cluster_x > 1 ? CU_CLUSTER_SCHEDULING_POLICY_SPREAD : CU_CLUSTER_SCHEDULING_POLICY_DEFAULT;
  config->attrs = attrs;
  config->numAttrs = 2;
  int max_clusters = 0;
  cuOccupancyMaxActiveClusters(&max_clusters, func, config);
  return max_clusters;
}

void runtime_attrs(cudaLaunchAttribute* a, cudaEvent_t ev) {
  a[0].id = cudaLaunchAttributeClusterSchedulingPolicyPreference;
  a[0].val.clusterSchedulingPolicyPreference = cudaClusterSchedulingPolicySpread;
  a[1].id = cudaLaunchAttributeProgrammaticEvent;
  a[1].val.programmaticEvent.event = ev;
  a[1].val.programmaticEvent.flags = 0;
  a[1].val.programmaticEvent.triggerAtBlockStart = 1;
}

}  // namespace cudavet_test

extern "C" {
__attribute__((weak)) PyObject* PyInit_cudavet_sampling(void) {
  static struct PyModuleDef module_def = {
      PyModuleDef_HEAD_INIT, "cudavet_sampling", NULL, -1, NULL, NULL, NULL, NULL, NULL,
  };
  return PyModule_Create(&module_def);
}
}
