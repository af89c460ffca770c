// ATen/Utils.h: part of the torch shim; everything is declared in __cudavet/torch.h.
#pragma once
#include <__cudavet/torch.h>
