// builtin_types.h: the built-in CUDA types, declared by the prelude.
#pragma once
#include "cudavet_shim.h"
