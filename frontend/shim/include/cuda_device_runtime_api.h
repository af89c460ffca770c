// cuda_device_runtime_api.h: device-side runtime, declared by the prelude.
#pragma once
#include "cudavet_shim.h"
