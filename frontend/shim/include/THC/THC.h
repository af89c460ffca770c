// THC/THC.h: the legacy THC umbrella header, now ATen's CUDA context.
#pragma once
#include <ATen/cuda/CUDAContext.h>
#define THCudaCheck(err) C10_CUDA_CHECK(err)
