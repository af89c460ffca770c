// device_functions.h: device functions, declared by the prelude.
#pragma once
#include "cudavet_shim.h"
