package main

import (
	"fmt"
	"text/template"
)

// scalarTypes are c10::ScalarType's enumerators in order (their values
// are the indices), as far as a reproducer names them.
var scalarTypes = []string{"Byte", "Char", "Short", "Int", "Long", "Half", "Float", "Double",
	"ComplexHalf", "ComplexFloat", "ComplexDouble", "Bool", "QInt8", "QUInt8", "QInt32", "BFloat16",
	"QUInt4x2", "QUInt2x4", "Bits1x8", "Bits2x4", "Bits4x2", "Bits8", "Bits16", "Float8_e5m2",
	"Float8_e4m3fn", "Float8_e5m2fnuz", "Float8_e4m3fnuz", "UInt16", "UInt32", "UInt64"}

// scalarTypeName is the c10::ScalarType enumerator of value t.
func scalarTypeName(t int) string {
	if t >= 0 && t < len(scalarTypes) {
		return scalarTypes[t]
	}
	return fmt.Sprintf("ScalarType(%d)", t)
}

// launcherTemplate is the reproducer through the file's own launcher: a
// PyTorch C++ extension that launcher.py builds and calls.
var launcherTemplate = template.Must(template.New("launcher").Funcs(funcs).Parse(`// Reproducer through the launcher, written by cudavet -repro for the
// {{.Checker}} finding at {{.Where}}:
//   {{.Message}}
// launcher.py builds this file as a PyTorch C++ extension
// (torch.utils.cpp_extension.load) and calls cudavet_run, which calls the
// file's own launcher {{.L.Launcher.Func}} with contiguous CUDA tensors of
// exactly the witness's shapes and dtypes (floating-point contents from
// each byte's position, integers 0 or the value the witness reads from an
// index tensor) and the witness's scalars: the launcher's checks, dispatch
// and launch configuration run as they do in production.
#include <cstdint>
#include <cstdio>
#include <exception>
#include <tuple>
#include <type_traits>
#include <vector>
#include <cuda_runtime.h>
#include <torch/all.h>
#include "{{.LauncherSource}}"

namespace cudavet_launcher {
// The launcher's parameter types, deduced from its address (params takes
// exactly as many parameters as the launcher has).
template <typename R{{range $i, $a := .L.Launcher.Params}}, typename P{{$i}}{{end}}>
std::tuple<{{range $i, $a := .L.Launcher.Params}}{{if $i}}, {{end}}P{{$i}}{{end}}> params(R (*)({{range $i, $a := .L.Launcher.Params}}{{if $i}}, {{end}}P{{$i}}{{end}}));
using Params = decltype(params(&{{.L.Launcher.Func}}));
template <int I>
using Param = std::remove_cv_t<std::remove_reference_t<std::tuple_element_t<I, Params>>>;

inline void check(cudaError_t e, const char* what) {
  if (e != cudaSuccess) {
    std::printf("cudavet-repro: %s: %s\n", what, cudaGetErrorString(e));
    std::fflush(stdout);
    std::exit(4);
  }
}

{{fillKernels}}
// fill_int writes v into each of the n elements of size elem at p.
__global__ void fill_int(unsigned char* p, size_t n, int elem, long long v) {
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x) {
    for (int b = 0; b < elem; b++) p[i * elem + b] = (unsigned char)((unsigned long long)v >> (8 * (b < 8 ? b : 7)));
  }
}

// tensor is a contiguous CUDA tensor of the shape and dtype: with
// PYTORCH_NO_CUDA_MEMORY_CACHING=1 (launcher.py sets it) its own
// cudaMalloc of exactly its bytes, so that the sanitizer sees an access
// past its end.
inline at::Tensor tensor(std::vector<int64_t> shape, c10::ScalarType dtype, bool integers, long long value) {
  at::Tensor t = torch::empty(shape, torch::TensorOptions().dtype(dtype).device(torch::kCUDA));
  if (t.numel() > 0) {
    unsigned char* p = static_cast<unsigned char*>(t.data_ptr());
    if (integers) {
      fill_int<<<1024, 256>>>(p, (size_t)t.numel(), (int)t.element_size(), value);
    } else {
      cudavet_fill<<<1024, 256>>>(p, (size_t)t.nbytes());
    }
    check(cudaGetLastError(), "fill");
    check(cudaDeviceSynchronize(), "fill");
  }
  return t;
}

// entry writes v into element i of t (an entry the witness reads).
inline void entry(at::Tensor& t, long long i, long long v) {
  const size_t size = (size_t)t.element_size();
  if (i < 0 || (size_t)i >= (size_t)t.numel() || size > sizeof v) return;
  unsigned char bytes[sizeof v];
  for (size_t b = 0; b < sizeof v; b++) bytes[b] = (unsigned char)((unsigned long long)v >> (8 * b));
  check(cudaMemcpy(static_cast<unsigned char*>(t.data_ptr()) + i * size, bytes, size, cudaMemcpyHostToDevice), "entry");
}
}  // namespace cudavet_launcher

extern "C" int cudavet_run() {
  using namespace cudavet_launcher;
  const size_t need = {{.LauncherBytes}}ull;  // {{gib .LauncherBytes}} GiB of tensors
  size_t free_b = 0, total_b = 0;
  check(cudaMemGetInfo(&free_b, &total_b), "cudaMemGetInfo");
  if (need > free_b) {
    std::printf("cudavet-repro: the witness needs %.2f GiB of tensors, the GPU has %.2f GiB free: not run\n",
                need / 1073741824.0, free_b / 1073741824.0);
    std::fflush(stdout);
    return 2;
  }
  try {
{{- range $i, $a := .L.Launcher.Params}}
{{- if and (eq $a.Kind "optional") $a.Absent}}
    Param<{{$i}}> a{{$i}}{};  // {{$a.Name}}: empty, as the witness has it
{{- else if or (eq $a.Kind "tensor") (eq $a.Kind "optional")}}
    at::Tensor t{{$i}} = tensor({{shape $a.Shape}}, c10::ScalarType::{{dtype $a.DType}}, {{ints $a.DType}}, {{if isnil $a.Fill}}0{{else}}{{deref $a.Fill}}{{end}}ll);  // {{$a.Name}}
{{- range $a.Entries}}
    entry(t{{$i}}, {{.Index}}ll, {{.Value}}ll);  // element {{.Index}}: {{.Value}}, as the witness reads it
{{- end}}
    Param<{{$i}}> a{{$i}} = t{{$i}};
{{- else if or (eq $a.Kind "int") (eq $a.Kind "bool")}}
    Param<{{$i}}> a{{$i}} = static_cast<Param<{{$i}}>>({{$a.Value}}ll);  // {{$a.Name}}
{{- else if eq $a.Kind "float"}}
    Param<{{$i}}> a{{$i}} = static_cast<Param<{{$i}}>>({{floatArg $a.Name}});  // {{$a.Name}}
{{- else}}
    Param<{{$i}}> a{{$i}}{};  // {{$a.Name}}: value-initialised
{{- end}}
{{- end}}
    std::printf("cudavet-repro: calling the launcher %s; the witness's launch: grid ({{index .L.Grid 0}}, {{index .L.Grid 1}}, {{index .L.Grid 2}}) "
                "block ({{index .L.Block 0}}, {{index .L.Block 1}}, {{index .L.Block 2}}), thread blockIdx ({{index .L.BlockIdx 0}}, {{index .L.BlockIdx 1}}, {{index .L.BlockIdx 2}}) "
                "threadIdx ({{index .L.ThreadIdx 0}}, {{index .L.ThreadIdx 1}}, {{index .L.ThreadIdx 2}})\n", {{cstr .L.Launcher.Func}});
    std::fflush(stdout);
    {{.L.Launcher.Func}}({{range $i, $a := .L.Launcher.Params}}{{if $i}}, {{end}}a{{$i}}{{end}});
  } catch (const std::exception& e) {
    std::printf("cudavet-repro: the launcher rejected the witness's inputs: %s\n", e.what());
    std::fflush(stdout);
    return 5;
  }
  cudaError_t run = cudaDeviceSynchronize();
  std::printf("cudavet-repro: through the launcher, run: %s\n", cudaGetErrorString(run));
  std::fflush(stdout);
  return run == cudaSuccess ? 0 : 1;
}
`))

// launcherPyTemplate builds launcher.cu as a PyTorch C++ extension and
// calls it.
var launcherPyTemplate = template.Must(template.New("launcher.py").Funcs(funcs).Parse(`#!/usr/bin/env python3
"""Reproducer through the launcher {{.L.Launcher.Func}} for the {{.Checker}} finding at {{.Where}}.

launcher.py build  builds launcher.cu with torch.utils.cpp_extension.load;
launcher.py        builds it if needed and calls it (run.sh runs this under
                   compute-sanitizer). Exit status: the harness's (0 ran,
                   1 the kernel failed, 2 the witness does not fit the GPU,
                   4 a CUDA call failed, 5 the launcher rejected the inputs).
"""
import ctypes
import os
import sys

# Each tensor its own cudaMalloc of exactly its bytes: the caching
# allocator's blocks would hide an access past a tensor's end.
os.environ["PYTORCH_NO_CUDA_MEMORY_CACHING"] = "1"
os.environ.setdefault("TORCH_CUDA_ARCH_LIST", "9.0")

import torch  # noqa: E402
from torch.utils.cpp_extension import COMMON_NVCC_FLAGS, load  # noqa: E402

here = os.path.dirname(os.path.abspath(__file__))
build = os.path.join(here, "build_launcher")
os.makedirs(build, exist_ok=True)
name = "cudavet_repro_launcher"
# The project's flags for the file, as cudavet analysed it with them.
project = {{pythonFlags .Flags}}
# torch's extensions define __CUDA_NO_HALF_OPERATORS__ and its kind for
# nvcc; a project whose build does not (vLLM's CMake removes them) relies
# on the conversions they hide, so they are undone unless its flags have them.
undo = ["-U" + f[2:] for f in COMMON_NVCC_FLAGS if f.startswith("-D__CUDA_NO_") and f not in project]
load(
    name=name,
    sources=[os.path.join(here, "launcher.cu")],
    extra_include_paths=[os.path.normpath(os.path.join(here, {{cstr .SourceDir}})), here],
    extra_cuda_cflags=["-O1", "-lineinfo"] + project + undo + os.environ.get("EXTRA_FLAGS", "").split(),
    build_directory=build,
    is_python_module=False,
    verbose=False,
)
if sys.argv[1:] == ["build"]:
    sys.exit(0)
lib = ctypes.CDLL(os.path.join(build, name + ".so"))
sys.stdout.flush()
sys.exit(lib.cudavet_run())
`))
