// tvm/ffi/container/tuple.h: part of the TVM FFI shim; everything is declared in __cudavet/tvm_ffi.h.
#pragma once
#include <__cudavet/tvm_ffi.h>
