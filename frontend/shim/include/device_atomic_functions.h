// device_atomic_functions.h: atomics, declared by the prelude.
#pragma once
#include "cudavet_shim.h"
