// cuda_fp16.hpp: the definitions half of cuda_fp16.h; the shim declares everything there.
#pragma once
#include "cuda_fp16.h"
