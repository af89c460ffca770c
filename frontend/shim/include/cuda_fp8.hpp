// cuda_fp8.hpp: the definitions half of cuda_fp8.h; the shim declares everything there.
#pragma once
#include "cuda_fp8.h"
