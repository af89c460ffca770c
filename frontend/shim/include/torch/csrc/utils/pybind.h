// torch/csrc/utils/pybind.h: part of the torch shim; everything is declared in
// __cudavet/torch.h. Extension headers include it for the torch types and the
// pybind11 alias; the Python binding itself is host glue no checker reads.
#pragma once
#include <__cudavet/torch.h>
