// torch/headeronly/util/Float4_e2m1fn_x2.h: part of the torch shim; everything is declared in __cudavet/torch.h.
#pragma once
#include <__cudavet/torch.h>
