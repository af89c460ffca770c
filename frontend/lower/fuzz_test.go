package lower_test

import (
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/cudavet/cudavet/frontend"
	"github.com/cudavet/cudavet/frontend/ir"
)

// fuzzSeeds are small inputs that reach corners of the lowering: broken
// syntax, recursion, goto, inline PTX, macros that make kernels, odd bytes.
var fuzzSeeds = []string{
	"",
	"\x00\xff\xfe garbage \x01",
	"__global__ void k(float* x) { x[threadIdx.x] = 0; }",
	"__global__ void k(float* x, int n) { for (int i = threadIdx.x; i < n; i += blockDim.x) x[i] *= 2.f; }",
	"__device__ int f(int n) { return n <= 1 ? 1 : n * f(n - 1); }\n__global__ void k(int* o) { o[0] = f(threadIdx.x); }",
	"__global__ void k(int* o, int n) { int i = 0; again: if (i < n) { o[i++] = 1; goto again; } }",
	"__global__ void k(unsigned* o) { unsigned l; asm volatile(\"mov.u32 %0, %%laneid;\" : \"=r\"(l)); o[l] = l; }",
	"#define K(name, T) __global__ void name(T* x) { x[blockIdx.x] += (T)1; }\nK(kf, float) K(ki, int)",
	"__global__ void k(float* x) { x[threadIdx.x] = ((((((((((1)))))))))); ",
	"template <int N> __global__ void k(float* x) { __shared__ float s[N]; s[threadIdx.x] = x[0]; __syncthreads(); x[1] = s[N - 1]; }\nvoid go(float* x) { k<128><<<1, 128>>>(x); }",
	"__global__ void k(float* x) {\r\n  x[threadIdx.x] = 1;\r\n}\r\n",
	"__global__ void k(float* x) { x[threadIdx.x] = 1; } // caf\xe9 \xc3\x28",
	"struct S { int a[4]; }; __global__ void k(S* s) { s->a[threadIdx.x & 3] = sizeof(S); }",
	"__global__ void k(float4* x) { float4 v = x[0]; v.x += v.w; x[1] = v; }",
	"// cudavet: shape x[n]; assume n > 0\n__global__ void k(float* x, int n) { if (threadIdx.x < n) x[threadIdx.x] = 0; }",
	"void launch(int n) { k<<<n, 256>>>(nullptr); }",
	"__global__ void k() { while (true) {} }",
	"__global__ void k(int* x) { switch (threadIdx.x) { case 0: x[0] = 1; break; default: return; } }",
	"__global__ void k(int* x) { [&](int i) { x[i] = i; }(threadIdx.x); }",
	"__global__ void k(int* x) { x[threadIdx.x] = __shfl_xor_sync(0xffffffff, x[0], 16); }",
}

// FuzzLower lowers arbitrary text as a .cu file, in this process (libclang
// with crash recovery off, as cudavet runs it), and checks that lowering
// never panics, that the program loads (a file that does not parse is a
// diagnostic, not an error), that every lowered function passes ir.Verify
// and that it prints. The corpus is fuzzSeeds, the lowering and checker
// testdata kernels (which the fuzzer mutates) and
// testdata/fuzz/FuzzLower; `make fuzz` runs it.
//
// A fuzz worker's stderr goes nowhere: with CUDAVET_FUZZ_CRASHLOG=file, a
// worker that dies (a libclang crash, a panic on another goroutine) leaves
// its last words there.
func FuzzLower(f *testing.F) {
	if name := os.Getenv("CUDAVET_FUZZ_CRASHLOG"); name != "" {
		if out, err := os.OpenFile(name, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644); err == nil {
			debug.SetCrashOutput(out, debug.CrashOptions{})
			out.Close()
		}
	}
	for _, s := range fuzzSeeds {
		f.Add([]byte(s))
	}
	files, _ := filepath.Glob("testdata/*.cu")
	more, _ := filepath.Glob("../../checkers/*/testdata/*.cu")
	if testing.Short() && len(more) > 12 {
		more = more[:12]
	}
	for _, name := range append(files, more...) {
		if b, err := os.ReadFile(name); err == nil {
			f.Add(b)
		}
	}
	// Build the shim's precompiled preamble before fuzzing: the fuzzer
	// gives each input 10 seconds, and the first parse of a process may
	// spend longer than that on it on a loaded machine (the preamble is
	// shared by every later input, whatever its directory).
	// A file that includes torch first gets a preamble of its own (the
	// torch stand-ins precompiled too): built here as well.
	dir := f.TempDir()
	name := filepath.Join(dir, "fuzz.cu")
	for _, warm := range []string{fuzzSeeds[2], "#include <torch/all.h>\n" + fuzzSeeds[2]} {
		if err := os.WriteFile(name, []byte(warm), 0o644); err != nil {
			f.Fatal(err)
		}
		if _, err := frontend.Load(&frontend.Config{Jobs: 1}, name); err != nil {
			f.Fatalf("Load: %v", err)
		}
	}
	// Each input is written over the same file (one per fuzzing process:
	// inputs of a process run one at a time), not into a directory of its
	// own: a directory per input cost a tenth of a small input's time.
	f.Fuzz(func(t *testing.T, src []byte) {
		if err := os.WriteFile(name, src, 0o644); err != nil {
			t.Fatal(err)
		}
		prog, err := frontend.Load(&frontend.Config{Jobs: 1}, name)
		if err != nil {
			t.Fatalf("Load: %v", err)
		}
		var b strings.Builder
		for _, fn := range prog.Funcs {
			if err := ir.Verify(fn); err != nil {
				t.Errorf("verify %s: %v", fn.Name, err)
			}
			ir.Fprint(&b, prog.Fset, fn)
		}
		for _, d := range prog.Diagnostics {
			if d.Message == "" {
				t.Errorf("diagnostic of category %q without a message", d.Category)
			}
		}
	})
}
