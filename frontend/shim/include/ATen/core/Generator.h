// ATen/core/Generator.h: part of the torch shim; at::Generator is declared
// in ATen/cuda/CUDAGeneratorImpl.h.
#pragma once
#include <ATen/cuda/CUDAGeneratorImpl.h>
