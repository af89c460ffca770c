// cuda_profiler_api.h: profiler range control.
#pragma once
#include "cudavet_shim.h"

extern "C" {
cudaError_t cudaProfilerStart(void);
cudaError_t cudaProfilerStop(void);
}
