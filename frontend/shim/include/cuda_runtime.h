// cuda_runtime.h: the CUDA runtime, already force-included as the prelude
// (which, like nvcc's cuda_runtime.h, also brings <cmath>, <cstdlib> and
// <new>); including it again is a no-op.
#pragma once
#include "cudavet_shim.h"
