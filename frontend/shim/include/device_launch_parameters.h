// device_launch_parameters.h: threadIdx, blockIdx, blockDim, gridDim and warpSize, declared by the prelude.
#pragma once
#include "cudavet_shim.h"
