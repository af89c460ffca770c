// cuda_runtime_api.h: the C runtime API, declared by the prelude.
#pragma once
#include "cudavet_shim.h"
