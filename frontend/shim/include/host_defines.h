// host_defines.h: __host__, __device__ and friends, defined by the prelude.
#pragma once
#include "cudavet_shim.h"
