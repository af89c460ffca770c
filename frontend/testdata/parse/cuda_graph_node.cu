// A kernel launched again from a captured CUDA graph: its node parameters
// are read back and updated.
// kernel: step_kernel
#include <cuda_runtime.h>

__global__ void step_kernel(int* counter) { atomicAdd(counter, 1); }

void relaunch(cudaGraphExec_t exec, cudaGraphNode_t node, int* counter) {
  cudaKernelNodeParams p{};
  cudaGraphKernelNodeGetParams(node, &p);
  void* args[] = {&counter};
  p.kernelParams = args;
  cudaGraphExecKernelNodeSetParams(exec, node, &p);
  step_kernel<<<1, 32>>>(counter);
}
