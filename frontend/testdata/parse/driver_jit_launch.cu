// A launcher that compiles a kernel at run time with NVRTC, links and
// loads it through the driver API (cuLink*, cuModuleGetFunction,
// cuLaunchKernelEx with a cluster attribute), encodes a TMA descriptor
// from uint64_t arrays (cuuint64_t is <stdint.h>'s uint64_t), and reads
// sizes through TensorView::sizes(); the kernel in the file is analysed.
// kernel: bias_add_kernel
#include <cuda.h>
#include <nvrtc.h>
#include <cstdint>
#include <tvm/ffi/container/tensor.h>

__global__ void bias_add_kernel(float* out, const float* bias, int rows, int cols) {
  int r = blockIdx.x;
  for (int c = threadIdx.x; c < cols; c += blockDim.x) out[r * cols + c] += bias[c];
}

CUfunction jit_compile(const char* src, const char* name) {
  nvrtcProgram prog;
  if (nvrtcCreateProgram(&prog, src, "jit.cu", 0, nullptr, nullptr) != NVRTC_SUCCESS) return nullptr;
  const char* opts[] = {"--gpu-architecture=sm_90a"};
  nvrtcResult res = nvrtcCompileProgram(prog, 1, opts);
  size_t cubin_size = 0;
  nvrtcGetCUBINSize(prog, &cubin_size);
  char* cubin = new char[cubin_size];
  nvrtcGetCUBIN(prog, cubin);
  CUlinkState link;
  CUjit_option jit_opts[] = {CU_JIT_GENERATE_LINE_INFO};
  void* jit_vals[] = {reinterpret_cast<void*>(1)};
  cuLinkCreate(1, jit_opts, jit_vals, &link);
  cuLinkAddData(link, CU_JIT_INPUT_CUBIN, cubin, cubin_size, "jit", 0, nullptr, nullptr);
  void* image = nullptr;
  size_t image_size = 0;
  cuLinkComplete(link, &image, &image_size);
  CUmodule module;
  cuModuleLoadData(&module, image);
  CUfunction fn;
  cuModuleGetFunction(&fn, module, name);
  cuFuncSetAttribute(fn, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, 1 << 16);
  cuLinkDestroy(link);
  nvrtcDestroyProgram(&prog);
  delete[] cubin;
  return res == NVRTC_SUCCESS ? fn : nullptr;
}

void run(tvm::ffi::TensorView out, tvm::ffi::TensorView bias, CUfunction fn, CUstream stream) {
  int rows = out.sizes()[0], cols = out.sizes()[1];
  uint64_t dims[2] = {static_cast<uint64_t>(cols), static_cast<uint64_t>(rows)};
  uint64_t strides[1] = {cols * sizeof(float)};
  uint32_t box[2] = {64, 8}, elem[2] = {1, 1};
  CUtensorMap map;
  cuTensorMapEncodeTiled(&map, CU_TENSOR_MAP_DATA_TYPE_FLOAT32, 2, out.data_ptr(), dims, strides, box,
                         elem, CU_TENSOR_MAP_INTERLEAVE_NONE, CU_TENSOR_MAP_SWIZZLE_128B,
                         CU_TENSOR_MAP_L2_PROMOTION_L2_128B, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
  CUlaunchAttribute attr;
  attr.id = CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION;
  attr.value.clusterDim.x = 2;
  attr.value.clusterDim.y = 1;
  attr.value.clusterDim.z = 1;
  CUlaunchConfig cfg = {};
  cfg.gridDimX = rows;
  cfg.blockDimX = 128;
  cfg.hStream = stream;
  cfg.attrs = &attr;
  cfg.numAttrs = 1;
  void* args[] = {&map};
  cuLaunchKernelEx(&cfg, fn, args, nullptr);
  bias_add_kernel<<<rows, 256, 0, stream>>>(static_cast<float*>(out.data_ptr()),
                                            static_cast<const float*>(bias.data_ptr()), rows, cols);
}
