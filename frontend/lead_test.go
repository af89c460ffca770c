package frontend

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cudavet/cudavet/frontend/ir"
	"github.com/cudavet/cudavet/frontend/shim"
)

func TestLeadInclude(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"#include <torch/all.h>\n__global__ void k();", "torch/all.h"},
		{"\xef\xbb\xbf// SPDX\n/* a\n b */\n#pragma once\n\n#  include<ATen/cuda/CUDAContext.h>  // stream\n", "ATen/cuda/CUDAContext.h"},
		{"// a comment \\\n#define X\n#include <torch/all.h>\n", "torch/all.h"}, // the define is part of the comment
		{"#include \"torch/all.h\"\n", ""},                                      // a quoted include may be the project's own
		{"#define X 1\n#include <torch/all.h>\n", ""},                           // a macro before it may change it
		{"#ifdef X\n#include <torch/all.h>\n#endif\n", ""},
		{"#include <vector>\n#include <torch/all.h>\n", ""},
		{"#include <cuda_fp16.h>\n", ""},      // not a torch header
		{"#include <torch/nope.h>\n", ""},     // not the shim's
		{"#include <torch/all.h> junk\n", ""}, // not a plain include
		{"#include <torch/all.h\n", ""},
		{"#include \\\n<torch/all.h>\n", ""},
		{"/* unterminated", ""},
		{"int x;\n#include <torch/all.h>\n", ""},
		{"", ""},
	} {
		if got := leadInclude([]byte(c.src)); got != c.want {
			t.Errorf("leadInclude(%q) = %q, want %q", c.src, got, c.want)
		}
	}
}

// TestLeadPreambleSameIR: a file that includes torch first is parsed with
// a preamble of its own (the torch headers precompiled after the shim's),
// and lowers to the same IR, with the same diagnostics, as with the plain
// preamble.
func TestLeadPreambleSameIR(t *testing.T) {
	home := freshPCHCache(t)
	dir := t.TempDir()
	name := filepath.Join(dir, "k.cu")
	src := `#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>
#include <torch/all.h>

template <typename scalar_t>
__global__ void scale_kernel(scalar_t* __restrict__ out, const scalar_t* __restrict__ in, float s, int d) {
  const int64_t row = (int64_t)blockIdx.x * d;
  for (int i = threadIdx.x; i < d; i += blockDim.x) out[row + i] = (scalar_t)((float)in[row + i] * s);
}

void scale(torch::Tensor& out, const torch::Tensor& in, double s) {
  const int d = in.size(-1);
  const int rows = in.numel() / d;
  TORCH_CHECK(out.sizes() == in.sizes(), "shapes");
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  AT_DISPATCH_FLOATING_TYPES_AND2(at::ScalarType::Half, at::ScalarType::BFloat16, in.scalar_type(), "scale", [&] {
    scale_kernel<scalar_t><<<rows, 256, 0, stream>>>(out.data_ptr<scalar_t>(), in.data_ptr<scalar_t>(), s, d);
  });
}
`
	if err := os.WriteFile(name, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	dump := func(noLead bool) string {
		t.Helper()
		prog, err := Load(&Config{Jobs: 1, noLead: noLead}, name)
		if err != nil {
			t.Fatal(err)
		}
		var b strings.Builder
		for _, d := range prog.Diagnostics {
			b.WriteString(d.Message + "\n")
		}
		for _, f := range prog.Funcs {
			ir.Fprint(&b, prog.Fset, f)
		}
		return b.String()
	}
	plain := dump(true)
	if n := len(pchFiles(t, home)); n != 1 {
		t.Fatalf("plain preamble: %d preambles, want 1", n)
	}
	lead := dump(false)
	if n := len(pchFiles(t, home)); n != 2 {
		t.Fatalf("with the lead: %d preambles, want 2 (the plain one and the lead's)", n)
	}
	if plain != lead {
		t.Errorf("IR with the lead preamble differs:\n--- plain\n%s\n--- lead\n%s", plain, lead)
	}
	if !strings.Contains(lead, "launch scale_kernel<") {
		t.Errorf("the launch of scale_kernel was not lowered:\n%s", lead)
	}
	// Clang's own instances of the template (listed among the unit's
	// declarations) are not lowered: each kernel is the lowering's.
	for _, line := range strings.Split(lead, "\n") {
		if strings.HasPrefix(line, "kernel scale_kernel(") {
			t.Errorf("clang's instance lowered as a kernel of its own: %s", line)
		}
	}
}

// TestLeadShadowed: a project with its own torch/all.h in an include
// directory parses with the plain preamble (its header is not
// precompiled: an edit to it would go unseen).
func TestLeadShadowed(t *testing.T) {
	home := freshPCHCache(t)
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "torch"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "torch", "all.h"), []byte("#pragma once\nstruct OwnTensor { int n; };\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	name := filepath.Join(dir, "k.cu")
	src := "#include <torch/all.h>\n__global__ void k(OwnTensor t, float* x) { x[threadIdx.x] = t.n; }\n"
	if err := os.WriteFile(name, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	prog, err := Load(&Config{Jobs: 1}, name)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range prog.Diagnostics {
		t.Errorf("%s", d.Message)
	}
	for _, p := range pchFiles(t, home) {
		if names := readNames(p); names["OwnTensor"] || names["all.h"] {
			t.Errorf("the project's torch/all.h was precompiled into %s", p)
		}
	}
}

// TestLeadHeadersGuarded: a lead header is included twice in its unit
// (precompiled, then by the file itself), which only a guarded header
// allows.
func TestLeadHeadersGuarded(t *testing.T) {
	n := 0
	for name := range shimHeaders() {
		if leadInclude([]byte("#include <"+name+">\n")) == "" {
			continue
		}
		n++
		var src string
		for _, f := range shim.Files() {
			if f.Path == shim.Dir+"/"+name {
				src = f.Contents
			}
		}
		guarded := strings.Contains(src, "\n#pragma once") || strings.HasPrefix(src, "#pragma once")
		if !guarded {
			// #ifndef X / #define X as the first directives.
			var dirs []string
			for _, line := range strings.Split(src, "\n") {
				if line = strings.TrimSpace(line); strings.HasPrefix(line, "#") {
					dirs = append(dirs, strings.Fields(line)...)
					if len(dirs) >= 4 {
						break
					}
				}
			}
			guarded = len(dirs) >= 4 && dirs[0] == "#ifndef" && dirs[2] == "#define" && dirs[1] == dirs[3]
		}
		if !guarded {
			t.Errorf("lead header %s has neither #pragma once nor an include guard", name)
		}
	}
	if n < 10 {
		t.Errorf("%d lead headers, want the shim's torch, ATen and c10 headers", n)
	}
}
