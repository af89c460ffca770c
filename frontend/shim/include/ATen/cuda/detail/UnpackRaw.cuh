// ATen/cuda/detail/UnpackRaw.cuh: part of the torch shim; at::cuda::philox::unpack
// is declared in ATen/cuda/CUDAGeneratorImpl.h.
#pragma once
#include <ATen/cuda/CUDAGeneratorImpl.h>
