package frontend

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestExpandBindings: a directory pattern takes the C++ sources that
// include torch, ATen or TVM-FFI and a CUDA header (the bindings that call a .cu's
// launcher) beside the CUDA files, and leaves other C++ files out (CPU
// kernels, op registration); a named file is taken
// whatever it includes. A binding is a source, a header is not.
func TestExpandBindings(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"kernels.cu":        "__global__ void k() {}\n",
		"common.cuh":        "#pragma once\n",
		"binding.cpp":       "#include <torch/extension.h>\n#include <ATen/cuda/CUDAContext.h>\n",
		"ops.cc":            "#include \"ATen/ATen.h\"\n  #include <c10/cuda/CUDAGuard.h>\n",
		"host_util.cpp":     "int add(int a, int b) { return a + b; }\n",
		"cpu_kernels.cpp":   "#include <torch/all.h>\n#include <immintrin.h>\n// no cuda here\n",
		"registration.cpp":  "#include <torch/library.h>\nvoid cuda_op();\n",
		"sub/more_ops.cpp":  "#include <torch/all.h>\n#include \"cuda_compat.h\"\n",
		"sub/benchmark.cxx": "#include <vector>\n",
		"host/launcher.cc":  "#include <cuda.h>\n#include <tvm/ffi/extra/cuda/cubin_launcher.h>\n",
		"host/module.cc":    "#include <tvm/ffi/function.h>\n// no cuda here\n",
	}
	for name, text := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	units, _, err := Expand(dir, "./...")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, u := range units {
		rel, _ := filepath.Rel(dir, u)
		got = append(got, rel)
	}
	want := []string{"binding.cpp", "common.cuh", "host/launcher.cc", "kernels.cu", "ops.cc", "sub/more_ops.cpp"}
	if !slices.Equal(got, want) {
		t.Errorf("units %q, want %q", got, want)
	}
	if units, _, err = Expand(dir, "host_util.cpp"); err != nil || len(units) != 1 {
		t.Errorf("a named C++ file: %q, %v", units, err)
	}
	for name, want := range map[string]bool{"a.cu": true, "a.cpp": true, "a.cc": true, "a.cuh": false, "a.h": false} {
		if IsSource(name) != want {
			t.Errorf("IsSource(%s) = %v", name, !want)
		}
	}
}
