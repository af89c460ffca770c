package main

import (
	"encoding/json"
	"fmt"
	"go/token"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"text/template"

	"github.com/cudavet/cudavet/checkers/driver"
	"github.com/cudavet/cudavet/checkers/repro"
	"github.com/cudavet/cudavet/frontend/shim"
)

// sanitizerTool is the compute-sanitizer tool that can observe each
// checker's findings.
var sanitizerTool = map[string]string{
	"overflow": "memcheck", "bounds": "memcheck", "align": "memcheck",
	"nilptr": "memcheck", "race": "racecheck", "uninit": "initcheck",
	"warpsync": "synccheck", "barrierdiv": "synccheck",
}

// reproCase is one finding's reproducer as the templates see it.
type reproCase struct {
	Dir, Checker, Tool, Message, Where string
	Base                               string // the finding's file name, without directories
	Line                               int
	Source                             string // the kernel's file, relative to Dir
	SourceDir                          string // its directory, relative to Dir
	Torch                              bool   // the file includes torch or ATen headers
	L                                  *repro.Launch
	Bytes                              int64 // the buffers' total bytes (a template's scalar_t as float)
	// Need is the C++ expression of the buffers' exact total bytes.
	Need string
	// Fixed, when set, is the kernel's file with cudavet's own fixes of
	// its overflow findings applied: the reference the harness compares
	// the kernel's outputs with, for wraps that stay inside a buffer.
	Fixed string
	// Isolated, when set, is the kernel's file with the kernel's other
	// memory findings neutralised (repro_isolate.go), and Neutralised
	// says which.
	Isolated, Neutralised string
	// HasFix says the finding has a suggested fix (fixed.cu has it).
	HasFix bool
	// Dispatch, when set, is a dispatch_utils.h for the harness's
	// directory: the file includes one that only the shim provides.
	Dispatch string
	// LauncherSource is the file that defines the launcher (L.Launcher),
	// relative to Dir, and LauncherBytes its tensors' total bytes.
	LauncherSource string
	LauncherBytes  int64
	// Flags are the project's flags for the file (repro_flags.go): the
	// harness and the launcher are built with them.
	Flags []buildFlag
	// InHeader, when set, is the finding's file, a header that Source
	// (the kernel's file) includes.
	InHeader string
}

// fixedSource returns file with the first suggested fix of each of its
// overflow findings applied, "" when none has one.
func fixedSource(fset *token.FileSet, res *driver.Result, file string) (string, error) {
	var diags []driver.Diagnostic
	for _, d := range res.Diagnostics {
		if d.Checker == "overflow" && d.Position.Filename == file {
			diags = append(diags, d)
		}
	}
	byFile, _ := fixEdits(fset, diags)
	es := byFile[file]
	if len(es) == 0 {
		return "", nil
	}
	src, err := os.ReadFile(file)
	if err != nil {
		return "", err
	}
	fixed, err := applyEdits(file, src, es)
	return string(fixed), err
}

// dispatchFallback is the shim's dispatch_utils.h (the VLLM_DISPATCH_*
// macros over AT_DISPATCH_*) on the real PyTorch headers.
func dispatchFallback() string {
	for _, f := range shim.Files() {
		if f.Path == shim.Dir+"/dispatch_utils.h" {
			return strings.Replace(f.Contents, `#include "__cudavet/torch.h"`, "#include <torch/all.h>", 1)
		}
	}
	return ""
}

// writeRepros writes one reproducer directory under dir for each finding
// of res with a witness launch, and returns how many it wrote. Findings
// of one checker at one line share a reproducer. flagsOf gives the flags
// a file was analysed with.
func writeRepros(dir string, fset *token.FileSet, res *driver.Result, flagsOf func(file string) []string) (int, error) {
	seen := map[string]bool{}
	n := 0
	for _, d := range res.Diagnostics {
		tool, ok := sanitizerTool[d.Checker]
		if !ok || d.Repro == "" || kindOf(&d) != finding {
			continue
		}
		key := fmt.Sprintf("%s:%d:%s", d.Position.Filename, d.Position.Line, d.Checker)
		if seen[key] {
			continue
		}
		seen[key] = true
		var l repro.Launch
		if err := json.Unmarshal([]byte(d.Repro), &l); err != nil {
			return n, fmt.Errorf("finding at %s: %w", key, err)
		}
		n++
		name := fmt.Sprintf("%03d-%s-%s-%d", n, d.Checker,
			strings.TrimSuffix(filepath.Base(d.Position.Filename), filepath.Ext(d.Position.Filename)), d.Position.Line)
		var args []string
		if flagsOf != nil {
			args = flagsOf(d.Position.Filename)
		}
		c, err := newReproCase(filepath.Join(dir, name), tool, d, &l, args)
		if err != nil {
			return n, err
		}
		c.HasFix = len(d.SuggestedFixes) > 0
		if !sameFile(kernelFile(d, &l), d.Position.Filename) {
			// The finding is in a header the kernel's file includes: the
			// harness includes the kernel's file, and the variants of
			// the finding's file (fixed.cu, isolated.cu) have no place.
			c.InHeader = relName(d.Position.Filename)
			if err := c.write(); err != nil {
				return n, err
			}
			continue
		}
		if d.Checker == "overflow" {
			if c.Fixed, err = fixedSource(fset, res, d.Position.Filename); err != nil {
				return n, err
			}
		}
		if tool == "memcheck" {
			src, done, skipped, err := isolatedSource(fset, res, d)
			if err != nil {
				return n, err
			}
			c.Isolated = src
			c.Neutralised = strings.Join(done, ", ")
			if len(skipped) > 0 {
				c.Neutralised += "; not located, left as written: " + strings.Join(skipped, ", ")
			}
		}
		if err := c.write(); err != nil {
			return n, err
		}
	}
	return n, nil
}

// newReproCase describes the reproducer in dir of finding d with launch
// l, whose file was analysed with the flags args.
func newReproCase(dir, tool string, d driver.Diagnostic, l *repro.Launch, args []string) (*reproCase, error) {
	absDir, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	src, err := filepath.Abs(kernelFile(d, l))
	if err != nil {
		return nil, err
	}
	rel, err := filepath.Rel(absDir, src)
	if err != nil {
		rel = src
	}
	text := readText(src)
	c := &reproCase{Dir: dir, Checker: d.Checker, Tool: tool, Message: d.Message,
		Base: filepath.Base(d.Position.Filename), Line: d.Position.Line,
		Where:  fmt.Sprintf("%s:%d:%d", relName(d.Position.Filename), d.Position.Line, d.Position.Column),
		Source: filepath.ToSlash(rel), SourceDir: filepath.ToSlash(filepath.Dir(rel)), L: l,
		Torch: includesTorch(text), Flags: buildFlags(absDir, args)}
	if strings.Contains(text, `#include "dispatch_utils.h"`) {
		if _, err := os.Stat(filepath.Join(filepath.Dir(src), "dispatch_utils.h")); err != nil {
			c.Dispatch = dispatchFallback()
		}
	}
	need, fixed := []string{}, int64(0)
	for i, arg := range l.Args {
		switch {
		case arg.Kind != "pointer":
		case arg.Scaled && !arg.Null:
			// A template's scalar_t: the type the harness instantiates
			// (float where the kernel is the primary template).
			c.Bytes += arg.Alloc() * 4
			need = append(need, fmt.Sprintf("%dull * sizeof(Elem<%d>)", arg.Alloc(), i))
		default:
			c.Bytes += arg.Alloc()
			fixed += arg.Alloc()
		}
	}
	if fixed > 0 || len(need) == 0 {
		need = append([]string{fmt.Sprintf("%dull", fixed)}, need...)
	}
	c.Need = strings.Join(need, " + ")
	if hl := l.Launcher; hl != nil {
		// A launcher taking other tensors than torch::Tensor (FlashInfer's
		// TVM-FFI TensorView, torch's stable-ABI torch::stable::Tensor)
		// cannot be called with at::Tensor: the reproducer launches the
		// kernel alone.
		if foreignTensors(readText(hl.File)) {
			l.Launcher = nil
		}
	}
	if hl := l.Launcher; hl != nil {
		file := hl.File
		if !filepath.IsAbs(file) {
			if file, err = filepath.Abs(file); err != nil {
				return nil, err
			}
		}
		if rel, err := filepath.Rel(absDir, file); err == nil {
			file = rel
		}
		c.LauncherSource = filepath.ToSlash(file)
		for _, a := range hl.Params {
			if (a.Kind == "tensor" || a.Kind == "optional") && !a.Absent {
				c.LauncherBytes += repro.Numel(a.Shape) * repro.ElemSize(a.DType)
			}
		}
	}
	return c, nil
}

// kernelNamespace returns the namespace of a kernel's qualified name
// ("vllm" of "vllm::act_and_mul_kernel<...>"), "" when it has none or is
// a class member or in an anonymous namespace.
func kernelNamespace(kernel string) string {
	if i := strings.Index(kernel, "<"); i >= 0 {
		kernel = kernel[:i]
	}
	i := strings.LastIndex(kernel, "::")
	if i <= 0 {
		return ""
	}
	ns := kernel[:i]
	if strings.ContainsAny(ns, "<>() ") {
		return ""
	}
	return ns
}

// readText returns a file's text, "" when it cannot be read.
func readText(file string) string {
	b, _ := os.ReadFile(file)
	return string(b)
}

// includesTorch reports whether a file's text includes PyTorch's headers.
func includesTorch(text string) bool {
	return strings.Contains(text, "<torch/") || strings.Contains(text, "<ATen/")
}

// foreignTensors reports whether a file's launchers take tensors a
// PyTorch extension cannot pass as they are: TVM-FFI's (in a file that
// does not include torch), or the stable ABI's torch::stable::Tensor.
func foreignTensors(text string) bool {
	if strings.Contains(text, "torch::stable::Tensor") || strings.Contains(text, "<torch/csrc/stable/") {
		return true
	}
	return !includesTorch(text) && takesTVMTensors(text)
}

// takesTVMTensors reports whether a file's host code is written against
// TVM-FFI's tensors (FlashInfer's bindings), not PyTorch's.
func takesTVMTensors(text string) bool {
	for _, s := range []string{"tvm/ffi", "tvm_ffi", "TensorView"} {
		if strings.Contains(text, s) {
			return true
		}
	}
	return false
}

// kernelFile is the file that defines the finding's kernel: the one
// the harness includes (the finding's file for witnesses written before
// launches named it).
func kernelFile(d driver.Diagnostic, l *repro.Launch) string {
	if l.File != "" {
		return l.File
	}
	return d.Position.Filename
}

// sameFile reports whether two names are one file.
func sameFile(a, b string) bool {
	if a == b {
		return true
	}
	aa, err1 := filepath.Abs(a)
	bb, err2 := filepath.Abs(b)
	return err1 == nil && err2 == nil && aa == bb
}

func (c *reproCase) write() error {
	if err := os.MkdirAll(c.Dir, 0o755); err != nil {
		return err
	}
	if c.Fixed != "" {
		if err := os.WriteFile(filepath.Join(c.Dir, "fixed.cu"), []byte(c.Fixed), 0o644); err != nil {
			return err
		}
	}
	if c.Isolated != "" {
		if err := os.WriteFile(filepath.Join(c.Dir, "isolated.cu"), []byte(c.Isolated), 0o644); err != nil {
			return err
		}
	}
	if c.Dispatch != "" {
		if err := os.WriteFile(filepath.Join(c.Dir, "dispatch_utils.h"), []byte(c.Dispatch), 0o644); err != nil {
			return err
		}
	}
	files := []struct {
		name string
		t    *template.Template
		mode os.FileMode
	}{{"harness.cu", harnessTemplate, 0o644}, {"run.sh", runTemplate, 0o755}}
	if c.L.Launcher != nil {
		files = append(files, struct {
			name string
			t    *template.Template
			mode os.FileMode
		}{"launcher.cu", launcherTemplate, 0o644}, struct {
			name string
			t    *template.Template
			mode os.FileMode
		}{"launcher.py", launcherPyTemplate, 0o755})
	}
	for _, f := range files {
		var b strings.Builder
		if err := f.t.Execute(&b, c); err != nil {
			return fmt.Errorf("repro %s: %w", f.name, err)
		}
		if err := os.WriteFile(filepath.Join(c.Dir, f.name), []byte(b.String()), f.mode); err != nil {
			return err
		}
	}
	return nil
}

// reproIndex writes DIR/README.txt listing the reproducers, so a user
// can run them all.
func writeReproIndex(dir string) error {
	// A run with no finding to reproduce still leaves the index, which
	// says so (an empty list).
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	var names []string
	for _, e := range entries {
		if e.IsDir() {
			names = append(names, e.Name())
		}
	}
	sort.Strings(names)
	var b strings.Builder
	b.WriteString("cudavet reproducers: one directory per finding.\n" +
		"Run one with DIR/run.sh (needs nvcc and compute-sanitizer; PyTorch when the kernel's file includes torch).\n" +
		"run.sh exits 0 when it showed the finding (the sanitizer reported an error at the finding's line,\n" +
		"in the kernel as written or in isolated.cu, where the kernel's other findings are neutralised; for\n" +
		"an overflow also: an error where the wrapped value is used that the int64_t-fixed kernel does not\n" +
		"make, or outputs that differ from the fixed kernel's), 1 when it saw nothing, 2 when the witness\n" +
		"does not fit the GPU, 3 when the harness did not build, 4 when the sanitizer reported errors at\n" +
		"other lines only, 5 when preconditions.h (optional: a launcher's checks) rejects the launch, 6 when the\n" +
		"sanitizer could not run the harness (no GPU, attach failed), 7 when a run did not finish within TIMEOUT\n" +
		"seconds (180 unless set: a kernel that hangs).\n" +
		"Each is built with the flags the file was analysed with (include directories relative to it, macros,\n" +
		"dialect); EXTRA_FLAGS adds flags this machine needs (a dependency's include directory). BUILD_ONLY=1\n" +
		"builds and stops (exit 0 or 3), so that many build in parallel before they run one at a time.\n\n")
	for _, n := range names {
		b.WriteString(n + "\n")
	}
	return os.WriteFile(filepath.Join(dir, "README.txt"), []byte(b.String()), 0o644)
}

var funcs = template.FuncMap{
	"cstr": func(s string) string {
		b, _ := json.Marshal(s)
		return string(b)
	},
	"gib": func(n int64) string { return fmt.Sprintf("%.2f", float64(n)/(1<<30)) },
	"shape": func(s []int64) string {
		parts := make([]string, len(s))
		for i, d := range s {
			parts[i] = fmt.Sprint(d)
		}
		return "{" + strings.Join(parts, ", ") + "}"
	},
	"ints":  repro.IntegerType,
	"dtype": scalarTypeName,
	"isnil": func(p *int64) bool { return p == nil },
	"deref": func(p *int64) int64 { return *p },
	// floatArg is the value a harness passes a floating-point argument:
	// 1.0, a neutral scale, but 1e-6 for an epsilon (eps, epsilon,
	// variance_epsilon), as callers pass it: an epsilon of 1.0 outweighs
	// a normalisation's sum, and a wrapped read into it changes nothing.
	"floatArg": func(name string) string {
		if strings.Contains(strings.ToLower(name), "eps") {
			return "1e-6"
		}
		return "1.0"
	},
	// alloc is the C++ expression of argument i's buffer bytes.
	"alloc": func(i int, a repro.Arg) string {
		if a.Scaled {
			return fmt.Sprintf("bytes%d", i)
		}
		return fmt.Sprintf("%dull", a.Alloc())
	},
	"fillKernels":     func() string { return fillKernels },
	"kernelNamespace": kernelNamespace,
	"shellFlags":      shellFlags,
	"pythonFlags":     pythonFlags,
	"hasStd":          hasStd,
}

// fillKernels is the device code both harnesses fill buffers with.
const fillKernels = `// fill gives every byte of a buffer a value from its position (0x20 to
// 0x3f: small finite floats in every floating-point format), so that a
// thread reading the wrong element reads a different value. The mix has
// no period: a 32-bit index that wraps reads other bytes than it should.
__device__ unsigned long long cudavet_mix(unsigned long long x) {
  x += 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}
__global__ void cudavet_fill(unsigned char* p, size_t n) {
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x) {
    p[i] = 0x20 | (unsigned char)(cudavet_mix(i) >> 59);
  }
}`

var harnessTemplate = template.Must(template.New("harness").Funcs(funcs).Parse(`// Reproducer written by cudavet -repro for the {{.Checker}} finding at
// {{.Where}}:
//   {{.Message}}
// It launches the kernel alone, with every buffer exactly as long as the
// witness says (no more), filled from each byte's position (integers with
// 0, or with the value the witness reads from an index tensor), and the
// witness's scalars.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <tuple>
#include <type_traits>
#include <cuda_runtime.h>
{{- if .Isolated}}
#ifdef CUDAVET_ISOLATED
// The guard of isolated.cu: an access of another finding of this kernel
// goes through ok (or in, for an access into a declared array), which
// returns its address when the access is valid and a scratch cell
// otherwise, so that the kernel runs on to the finding's own line.
namespace cudavet_guard {
struct Buffer {
  const char* p;
  size_t n;
};
__device__ Buffer buffers[64];
__device__ int nbuffers;
__device__ __align__(16) unsigned char scratch[1024];
template <typename T>
__host__ __device__ T* redirect() {
  static_assert(sizeof(T) <= sizeof(scratch), "scratch too small");
#ifdef __CUDA_ARCH__
  return reinterpret_cast<T*>(scratch);
#else
  return nullptr;
#endif
}
template <typename T>
__host__ __device__ bool aligned(T* p) {
  return p != nullptr && reinterpret_cast<unsigned long long>(p) % alignof(T) == 0;
}
template <typename T>
__host__ __device__ T* ok(T* p) {
#ifdef __CUDA_ARCH__
  const char* c = reinterpret_cast<const char*>(p);
  if (!aligned(p)) return redirect<T>();
  if (__isGlobal(c)) {
    for (int i = 0; i < nbuffers; i++) {
      if (c >= buffers[i].p && c + sizeof(T) <= buffers[i].p + buffers[i].n) return p;
    }
    return redirect<T>();
  }
  if (__isShared(c)) {
    // The block's shared memory ends where its dynamic shared memory
    // does: that follows the static variables.
    extern __shared__ __align__(16) unsigned char cudavet_dynamic_smem[];
    unsigned dynamic;
    asm("mov.u32 %0, %%dynamic_smem_size;" : "=r"(dynamic));
    const size_t end = __cvta_generic_to_shared(cudavet_dynamic_smem) + dynamic;
    return __cvta_generic_to_shared(c) + sizeof(T) <= end ? p : redirect<T>();
  }
#endif
  return p;  // local or constant memory: not checked
}
template <typename T, typename A, size_t N>
__host__ __device__ T* in(T* p, A (&a)[N]) {
  const char* c = reinterpret_cast<const char*>(p);
  const char* b = reinterpret_cast<const char*>(&a[0]);
  return aligned(p) && c >= b && c + sizeof(T) <= b + sizeof(a) ? p : redirect<T>();
}
}  // namespace cudavet_guard
#endif
{{- end}}
#ifdef CUDAVET_FIXED
#include "fixed.cu"  // the kernel's file with cudavet's overflow fixes
{{- if .Isolated}}
#elif defined(CUDAVET_ISOLATED)
#include "isolated.cu"  // the kernel's file with its other findings neutralised
{{- end}}
#else
{{- if .InHeader}}
// The finding is in {{.InHeader}}, which the kernel's file includes.
{{- end}}
#include "{{.Source}}"
#endif

namespace cudavet_repro {
{{- with kernelNamespace .L.Kernel}}
// The kernel's template arguments may name its namespace's functions
// unqualified, as the compiler prints them (&gelu_kernel in
// vllm::act_and_mul_kernel<..., &gelu_kernel, ...>).
using namespace {{.}};
{{- end}}
// The kernel's parameter types, deduced from its address. params takes
// exactly as many parameters as the kernel has, so a host function of
// the same name with another arity (a launcher called like its kernel)
// does not make the name ambiguous.
{{- if .L.Args}}
template <{{range $i, $a := .L.Args}}{{if $i}}, {{end}}typename P{{$i}}{{end}}>
std::tuple<{{range $i, $a := .L.Args}}{{if $i}}, {{end}}P{{$i}}{{end}}> params(void (*)({{range $i, $a := .L.Args}}{{if $i}}, {{end}}P{{$i}}{{end}}));
{{- else}}
std::tuple<> params(void (*)());
{{- end}}
using Params = decltype(params(&{{.L.Kernel}}));
template <int I> using Raw = std::tuple_element_t<I, Params>;
template <int I> using Param = std::remove_cv_t<Raw<I>>;
template <int I> using Elem = std::remove_cv_t<std::remove_pointer_t<Param<I>>>;
// kernel is the kernel's address as its own type (cudaFuncSetAttribute
// takes a pointer, which an overloaded name does not give).
using Kernel = void (*)({{range $i, $a := .L.Args}}{{if $i}}, {{end}}Raw<{{$i}}>{{end}});
inline Kernel kernel() { return static_cast<Kernel>(&{{.L.Kernel}}); }

inline void check(cudaError_t e, const char* what) {
  if (e != cudaSuccess) {
    std::printf("cudavet-repro: %s: %s\n", what, cudaGetErrorString(e));
    std::exit(4);
  }
}

{{fillKernels}}
{{- if eq .Checker "uninit"}}
// poison writes v over n bytes of the block's shared memory.
__global__ void cudavet_poison(unsigned char v, size_t n) {
  extern __shared__ unsigned char s[];
  for (size_t i = threadIdx.x; i < n; i += blockDim.x) s[i] = v;
}
{{- end}}

// checksum hashes a buffer's bytes with their positions.
__global__ void cudavet_checksum(const unsigned char* p, size_t n, unsigned long long* out) {
  unsigned long long h = 0;
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x) {
    h += (p[i] + 1ull) * ((i % 1000003ull) + 1ull) * 0x9E3779B97F4A7C15ull;
  }
  atomicAdd(out, h);
}

// fill_value writes v into each of the n elements of p.
template <typename T>
__global__ void cudavet_fill_value(T* p, size_t n, long long v) {
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x) {
    p[i] = static_cast<T>(v);
  }
}

template <typename T>
void init(void* p, size_t bytes) {
  if (std::is_integral<T>::value) {
    check(cudaMemset(p, 0, bytes), "cudaMemset");  // indices and counts: 0 is valid
  } else {
    cudavet_fill<<<1024, 256>>>(static_cast<unsigned char*>(p), bytes);
    check(cudaGetLastError(), "fill");
  }
}

// init_value writes the witness's value of an index tensor's entries
// into every element (an integer tensor; others as init).
template <typename T>
void init_value(void* p, size_t bytes, long long v) {
  if constexpr (std::is_integral<T>::value) {
    cudavet_fill_value<T><<<1024, 256>>>(static_cast<T*>(p), bytes / sizeof(T), v);
    check(cudaGetLastError(), "fill");
  } else {
    init<T>(p, bytes);
  }
}

// set_entry writes v into element i of an integer buffer of the given
// bytes: an entry the witness reads (each thread's, in a two-thread
// witness), over the fill.
template <typename T>
void set_entry(void* p, size_t bytes, long long i, long long v) {
  if constexpr (std::is_integral<T>::value) {
    if (i >= 0 && (size_t)(i + 1) * sizeof(T) <= bytes) {
      T x = static_cast<T>(v);
      check(cudaMemcpy(static_cast<T*>(p) + i, &x, sizeof x, cudaMemcpyHostToDevice), "entry");
    }
  }
}
{{- if .Isolated}}
#ifdef CUDAVET_ISOLATED
// guard tells cudavet_guard::ok that [p, p+n) is a buffer of the launch.
void guard(void* p, size_t n) {
  int k = 0;
  check(cudaMemcpyFromSymbol(&k, cudavet_guard::nbuffers, sizeof k), "guard");
  cudavet_guard::Buffer b{static_cast<const char*>(p), n};
  check(cudaMemcpyToSymbol(cudavet_guard::buffers, &b, sizeof b, k * sizeof b), "guard");
  k++;
  check(cudaMemcpyToSymbol(cudavet_guard::nbuffers, &k, sizeof k), "guard");
}
#endif
{{- end}}

unsigned long long checksum(const void* p, size_t bytes) {
  unsigned long long* d = nullptr;
  unsigned long long h = 0;
  check(cudaMalloc(&d, sizeof h), "cudaMalloc checksum");
  check(cudaMemset(d, 0, sizeof h), "cudaMemset checksum");
  cudavet_checksum<<<1024, 256>>>(static_cast<const unsigned char*>(p), bytes, d);
  check(cudaMemcpy(&h, d, sizeof h, cudaMemcpyDeviceToHost), "checksum");
  cudaFree(d);
  return h;
}

}  // namespace cudavet_repro

int main() {
  using namespace cudavet_repro;
  const size_t need = {{.Need}};  // {{gib .Bytes}} GiB of buffers
  size_t free_b = 0, total_b = 0;
  check(cudaMemGetInfo(&free_b, &total_b), "cudaMemGetInfo");
  if (need > free_b) {
    std::printf("cudavet-repro: the witness needs %.2f GiB of buffers, the GPU has %.2f GiB free: not run\n",
                need / 1073741824.0, free_b / 1073741824.0);
    return 2;
  }
{{- range $i, $a := .L.Args}}
{{- if and (eq $a.Kind "pointer") $a.Null}}
  // {{$a.Name}}: nullptr, as the witness's launch passes it
  void* raw{{$i}} = nullptr;
  Param<{{$i}}> a{{$i}} = nullptr;
{{- else if eq $a.Kind "pointer"}}
  // {{$a.Name}}: {{if lt $a.Len 0}}length unknown to the witness, 64 MiB{{else}}{{$a.Len}} elements{{end}}
{{- if $a.Scaled}}
  const size_t bytes{{$i}} = {{$a.Alloc}}ull * sizeof(Elem<{{$i}}>);  // elements of the instantiation's type
{{- end}}
  void* raw{{$i}} = nullptr;
  check(cudaMalloc(&raw{{$i}}, {{alloc $i $a}}), "cudaMalloc {{$a.Name}}");
{{- if $a.Fill}}
  init_value<Elem<{{$i}}>>(raw{{$i}}, {{alloc $i $a}}, {{deref $a.Fill}}ll);  // every entry {{deref $a.Fill}}, as the witness reads it
{{- else}}
  init<Elem<{{$i}}>>(raw{{$i}}, {{alloc $i $a}});
{{- end}}
{{- range $a.Entries}}
  set_entry<Elem<{{$i}}>>(raw{{$i}}, {{alloc $i $a}}, {{.Index}}ll, {{.Value}}ll);  // element {{.Index}}: {{.Value}}, as the witness reads it
{{- end}}
  Param<{{$i}}> a{{$i}} = static_cast<Param<{{$i}}>>(raw{{$i}});
{{- if $.Isolated}}
#ifdef CUDAVET_ISOLATED
  guard(raw{{$i}}, {{alloc $i $a}});
#endif
{{- end}}
{{- else if or (eq $a.Kind "int") (eq $a.Kind "bool")}}
  Param<{{$i}}> a{{$i}} = static_cast<Param<{{$i}}>>({{$a.Value}}ll);  // {{$a.Name}}
{{- else if eq $a.Kind "float"}}
  Param<{{$i}}> a{{$i}} = static_cast<Param<{{$i}}>>({{floatArg $a.Name}});  // {{$a.Name}}
{{- else}}
  Param<{{$i}}> a{{$i}}{};  // {{$a.Name}}: value-initialised
{{- end}}
{{- end}}
#if __has_include("preconditions.h")
  {
    // preconditions.h (written beside the harness, e.g. by twins.sh from
    // another file's cudavet:assume lines) checks the launch against the
    // preconditions of a launcher: the kernel's scalars by name.
#define CUDAVET_REQUIRE(c)                                                                                   \
  if (!(c)) {                                                                                                \
    std::printf("cudavet-repro: the launch violates the precondition %s of the kernel's launcher: not run\n", #c); \
    return 5;                                                                                                \
  }
{{- range $i, $a := .L.Args}}{{if or (eq $a.Kind "int") (eq $a.Kind "bool")}}
    [[maybe_unused]] const long long {{$a.Name}} = {{$a.Value}}ll;
{{- end}}{{end}}
#include "preconditions.h"
  }
#endif
  const dim3 grid({{index .L.Grid 0}}, {{index .L.Grid 1}}, {{index .L.Grid 2}});
  const dim3 block({{index .L.Block 0}}, {{index .L.Block 1}}, {{index .L.Block 2}});
  const size_t smem = {{.L.Smem}};
  if (smem > 48 * 1024) {
    check(cudaFuncSetAttribute(kernel(), cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem),
          "cudaFuncSetAttribute");
  }
{{- if eq .Checker "uninit"}}
  if (const char* v = std::getenv("CUDAVET_POISON")) {
    // Fill every SM's shared memory with one byte first: a kernel that
    // reads shared memory no thread wrote reads what this left there.
    int dev = 0, sms = 0, most = 0;
    check(cudaGetDevice(&dev), "cudaGetDevice");
    check(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev), "attribute");
    check(cudaDeviceGetAttribute(&most, cudaDevAttrMaxSharedMemoryPerBlockOptin, dev), "attribute");
    check(cudaFuncSetAttribute(&cudavet_poison, cudaFuncAttributeMaxDynamicSharedMemorySize, most), "poison");
    cudavet_poison<<<sms * 4, 1024, most>>>((unsigned char)std::strtoul(v, nullptr, 0), (size_t)most);
    check(cudaDeviceSynchronize(), "poison");
  }
{{- end}}
  std::printf("cudavet-repro: launching %s grid (%u, %u, %u) block (%u, %u, %u) smem %zu; witness thread "
              "blockIdx ({{index .L.BlockIdx 0}}, {{index .L.BlockIdx 1}}, {{index .L.BlockIdx 2}}) "
              "threadIdx ({{index .L.ThreadIdx 0}}, {{index .L.ThreadIdx 1}}, {{index .L.ThreadIdx 2}})\n",
              {{cstr .L.Kernel}}, grid.x, grid.y, grid.z, block.x, block.y, block.z, smem);
  kernel()<<<grid, block, smem>>>({{range $i, $a := .L.Args}}{{if $i}}, {{end}}a{{$i}}{{end}});
  cudaError_t launch = cudaGetLastError();
  cudaError_t run = cudaDeviceSynchronize();
  std::printf("cudavet-repro: launch: %s, run: %s\n", cudaGetErrorString(launch), cudaGetErrorString(run));
  if (run == cudaSuccess) {
{{- range $i, $a := .L.Args}}{{if and (eq $a.Kind "pointer") (not $a.Null)}}
    std::printf("cudavet-checksum: {{$a.Name}} %016llx\n", checksum(raw{{$i}}, {{alloc $i $a}}));
{{- end}}{{end}}
  }
  return launch == cudaSuccess && run == cudaSuccess ? 0 : 1;
}
`))

var runTemplate = template.Must(template.New("run").Funcs(funcs).Parse(`#!/bin/sh
# Builds the reproducer of the {{.Checker}} finding at {{.Where}} and runs it
# under compute-sanitizer --tool {{.Tool}}.
# Exit status: 0 the finding was shown (how is the last line printed),
# 1 the sanitizer saw nothing, 2 the witness does not fit the GPU, 3 the
# harness did not build, 4 the sanitizer reported errors at other lines
# only, 5 preconditions.h rejected the launch, 6 the sanitizer could not
# run the harness (no GPU, attach failed), 7 a run did not finish within
# TIMEOUT seconds (180 unless set).
set -u
cd "$(dirname "$0")"
NVCC=${NVCC:-nvcc}
ARCH=${ARCH:-sm_90}
SANITIZER=${SANITIZER:-compute-sanitizer}
SRCDIR={{.SourceDir}}
FLAGS="{{if not (hasStd .Flags)}}-std=c++17 {{end}}-O1 -lineinfo -arch=$ARCH --expt-relaxed-constexpr -I$SRCDIR -I."
{{- if .Torch}}
# The kernel's file includes torch: build against the installed PyTorch.
TORCH=$(python3 -c 'import os, torch; from torch.utils.cpp_extension import include_paths, library_paths; print(" ".join("-I" + p for p in include_paths()), "-L" + library_paths()[0], "-Xlinker -rpath -Xlinker " + library_paths()[0], "-D_GLIBCXX_USE_CXX11_ABI=%d" % int(torch._C._GLIBCXX_USE_CXX11_ABI))') || exit 3
LIBS="-ltorch -ltorch_cpu -ltorch_cuda -lc10 -lc10_cuda"
{{- else}}
TORCH=""
LIBS=""
{{- end}}
# build NAME [-DVARIANT]: builds harness.cu into NAME unless it is newer.
build() {
  [ -x "$1" ] && [ ! harness.cu -nt "$1" ] && return 0
  out=$1; shift
  # The project's flags for the file (include directories, macros,
  # dialect), as cudavet analysed it with them, follow the harness's;
  # EXTRA_FLAGS adds what this machine needs (a dependency's headers).
  # The harness calls the kernel only: host code of the file that calls
  # into the project's other files (a device-attribute helper) is never
  # run, so its symbols may stay unresolved.
  $NVCC $FLAGS {{shellFlags .Flags}} $TORCH ${EXTRA_FLAGS:-} "$@" harness.cu -o "$out" $LIBS -Xlinker --unresolved-symbols=ignore-in-object-files
}
# sanitize BINARY LOG: runs BINARY under the sanitizer; true when it
# reported an error.
{{- if eq .Tool "memcheck"}}
# A store one element past a buffer lands in the next allocation, which
# memcheck accepts: padding after every allocation makes it an error.
PADDING=
"$SANITIZER" --help 2>/dev/null | grep -q -- "--padding" && PADDING="--padding 65536"
{{- else}}
PADDING=
{{- end}}
# A run that does not end within TIMEOUT seconds is stopped: the script
# says so (exit 7) instead of waiting on a kernel that hangs.
TIMEOUT=${TIMEOUT:-180}
sanitize() {
  timeout -k 10 "$TIMEOUT" "$SANITIZER" --tool {{.Tool}} $PADDING --error-exitcode 99 "./$1" > "$2" 2>&1
  status=$?
  cat "$2"
  if [ $status = 124 ] || [ $status = 137 ]; then
    echo "cudavet-repro: ./$1 did not finish within $TIMEOUT s under {{.Tool}}"{{if or (eq .Checker "warpsync") (eq .Checker "barrierdiv")}}" (threads waiting at a barrier that others never reach)"{{end}}; exit 7
  fi
  # The sanitizer or the GPU failed, not the kernel: say so (exit 6)
  # rather than report that the tool saw nothing.
  if grep -Eq "No attachable process found|no CUDA-capable device|Target application terminated before first instrumented API call|Unable to find injection library|all CUDA-capable devices are busy" "$2"; then
    echo "cudavet-repro: {{.Tool}} could not run ./$1: $(grep -Eo "No attachable process found|no CUDA-capable device[^.]*|Target application terminated before first instrumented API call|Unable to find injection library|all CUDA-capable devices are busy" "$2" | head -1)"; exit 6
  fi
  grep -Eq "ERROR SUMMARY: [1-9]" "$2" || [ $status = 99 ]
}
# run BINARY LOG: runs BINARY alone (the effect checks), within TIMEOUT.
run() {
  timeout -k 10 "$TIMEOUT" "./$1" > "$2" 2>&1
  status=$?
  if [ $status = 124 ] || [ $status = 137 ]; then
    cat "$2"; echo "cudavet-repro: ./$1 did not finish within $TIMEOUT s"; exit 7
  fi
  return 0
}
# BUILD_ONLY=1 builds what the runs below need (launcher.cu, harness.cu and
# its variants) and stops: exit 0 when all built, 3 when one did not. Many
# reproducers build in parallel this way, then run one at a time on the GPU.
if [ "${BUILD_ONLY:-0}" = 1 ]; then
  built=0
{{- if .L.Launcher}}
  if [ "${KERNEL_ONLY:-0}" != 1 ]; then
    if ! timeout -k 10 1200 "${PYTHON:-python3}" launcher.py build > launcher_build.log 2>&1; then
      tail -20 launcher_build.log; echo "cudavet-repro: launcher.cu did not build (launcher_build.log)"; built=3
    fi
  fi
{{- end}}
  build harness > harness_build.log 2>&1 || { tail -20 harness_build.log; echo "cudavet-repro: harness.cu did not build (harness_build.log)"; built=3; }
{{- if .Isolated}}
  if [ -f isolated.cu ]; then
    build harness_isolated -DCUDAVET_ISOLATED > isolated_build.log 2>&1 || { tail -20 isolated_build.log; echo "cudavet-repro: isolated.cu did not build (isolated_build.log)"; built=3; }
  fi
{{- end}}
{{- if .Fixed}}
  if [ -f fixed.cu ]; then
    build harness_fixed -DCUDAVET_FIXED > fixed_build.log 2>&1 || { tail -20 fixed_build.log; echo "cudavet-repro: fixed.cu did not build (fixed_build.log)"; built=3; }
  fi
{{- end}}
  [ $built = 0 ] && echo "cudavet-repro: built"
  exit $built
fi
# lines LOG: the source lines the sanitizer named.
lines() { grep -Eo "in [^ ]+:[0-9]+" "$1" | sed 's/^in //; s#.*/##' | sort -u | tr '\n' ' '; }
{{- if .L.Launcher}}
# First through the file's own launcher ({{.L.Launcher.Func}}): launcher.py
# builds launcher.cu as a PyTorch C++ extension and calls the launcher
# with the witness's tensors and scalars, so its checks and dispatch run.
# LAUNCHER_ONLY=1 stops there (an ok twin's verdict); otherwise, when the
# launcher run does not show the finding, the kernel alone follows.
# KERNEL_ONLY=1 skips the launcher run (no PyTorch needed).
PYTHON=${PYTHON:-python3}
LAUNCHER_ONLY=${LAUNCHER_ONLY:-0}
if [ "${KERNEL_ONLY:-0}" = 1 ]; then
  :
elif timeout -k 10 1200 "$PYTHON" launcher.py build > launcher_build.log 2>&1; then
  timeout -k 10 "$TIMEOUT" "$SANITIZER" --tool {{.Tool}} $PADDING --error-exitcode 99 "$PYTHON" launcher.py > launcher.log 2>&1
  status=$?
  cat launcher.log
  if [ $status = 124 ] || [ $status = 137 ]; then
    echo "cudavet-repro: the launcher run did not finish within $TIMEOUT s under {{.Tool}}"; exit 7
  fi
  if grep -q "cudavet-repro: the launcher rejected" launcher.log; then exit 5; fi
  if grep -q "cudavet-repro: the witness needs" launcher.log; then exit 2; fi
  if grep -Eq "ERROR SUMMARY: [1-9]" launcher.log || [ $status = 99 ]; then
    if grep -q "{{.Base}}:{{.Line}}" launcher.log; then
      echo "cudavet-repro: through the launcher, {{.Tool}} reported the error at {{.Base}}:{{.Line}}"; exit 0
    fi
    echo "cudavet-repro: through the launcher, {{.Tool}} reported errors at: $(lines launcher.log)"
    [ "$LAUNCHER_ONLY" = 1 ] && exit 4
  elif grep -q "through the launcher, run: no error" launcher.log; then
    echo "cudavet-repro: through the launcher, {{.Tool}} saw nothing"
    [ "$LAUNCHER_ONLY" = 1 ] && exit 1
  else
    echo "cudavet-repro: the launcher run failed (see launcher.log)"
    [ "$LAUNCHER_ONLY" = 1 ] && exit 6
  fi
else
  tail -20 launcher_build.log
  echo "cudavet-repro: launcher.cu did not build (launcher_build.log)"
  [ "$LAUNCHER_ONLY" = 1 ] && exit 3
fi
{{- end}}
build harness || exit 3
if [ -f preconditions.h ]; then
  run harness precondition.log
  if grep -q "violates the precondition" precondition.log; then cat precondition.log; exit 5; fi
fi
evidence=
if sanitize harness sanitizer.log; then
  evidence=sanitizer.log
  echo "cudavet-repro: {{.Tool}} reported errors at: $(lines sanitizer.log)"
  if grep -q "{{.Base}}:{{.Line}}" sanitizer.log; then
    echo "cudavet-repro: {{.Tool}} reported the error at {{.Base}}:{{.Line}}"; exit 0
  fi
fi
if grep -q "cudavet-repro: the witness needs" sanitizer.log; then exit 2; fi
{{- if .Isolated}}
# The kernel stopped at another of its findings before this line ran, or
# one of them hid this one: run isolated.cu, the same file with the
# kernel's other findings neutralised ({{.Neutralised}}).
if [ -f isolated.cu ] && { [ -n "$evidence" ]{{if .Fixed}} || true{{end}}; }; then
  if build harness_isolated -DCUDAVET_ISOLATED; then
    evidence=
    if sanitize harness_isolated isolated.log; then
      evidence=isolated.log
      # Edits keep every line where it was: isolated.cu:LINE is the line.
      if grep -Eq "({{.Base}}|isolated\.cu):{{.Line}}([^0-9]|$)" isolated.log; then
        echo "cudavet-repro: with the kernel's other findings neutralised (isolated.cu), {{.Tool}} reported the error at {{.Base}}:{{.Line}}"; exit 0
      fi
      echo "cudavet-repro: with the kernel's other findings neutralised (isolated.cu), {{.Tool}} reported errors at: $(lines isolated.log)"
    else
      echo "cudavet-repro: with the kernel's other findings neutralised (isolated.cu), {{.Tool}} saw nothing"
    fi
  else
    echo "cudavet-repro: isolated.cu did not build"
  fi
fi
{{- end}}
{{- if and (eq .Checker "overflow") (not .HasFix)}}
# This finding has no int64_t fix (a narrowing conversion, say), so
# fixed.cu keeps it: an error in the kernel whose other findings are
# neutralised (or that has none) is this finding's, where its value is
# used.
if [ -n "$evidence" ]; then
  echo "cudavet-repro: {{.Tool}} reported errors at $(lines $evidence)where the value is used, in the kernel with no other finding left ({{if .Isolated}}isolated.cu{{else}}it has none{{end}}); the finding has no int64_t fix to compare with"; exit 0
fi
{{- end}}
{{- if .Fixed}}
# An overflow's wrapped value makes its error where it is used, often on
# another line: the finding is shown when the kernel with only this wrap
# left in ({{if .Isolated}}isolated.cu{{else}}the file as written{{end}}) errs and fixed.cu (the same file with all of
# cudavet's int64_t fixes) runs clean on the same inputs.
if [ -f fixed.cu ] && build harness_fixed -DCUDAVET_FIXED; then
  if [ -n "$evidence" ]; then
    if sanitize harness_fixed fixed_sanitizer.log; then
      echo "cudavet-repro: the int64_t-fixed kernel errs too, at: $(lines fixed_sanitizer.log)"
    else
      echo "cudavet-repro: {{.Tool}} reported errors at $(lines $evidence)with this wrap left in; the int64_t-fixed kernel is clean"; exit 0
    fi
  else
    # A wrapped index may stay inside its buffer, where memcheck cannot
    # see it: compare every buffer after the kernel with fixed.cu's.
    plain=harness
{{- if .Isolated}}
    [ -x harness_isolated ] && plain=harness_isolated
{{- end}}
    run $plain plain.log; run harness_fixed fixed.log
    cat plain.log fixed.log
    if grep -q "run: no error" fixed.log; then
      differ=$(diff plain.log fixed.log | sed -n 's/^< cudavet-checksum: \([^ ]*\) .*/\1/p' | tr '\n' ' ')
      if [ -n "$differ" ]; then
        echo "cudavet-repro: the outputs differ from the int64_t-fixed kernel's in: $differ(the wrap's effect)"; exit 0
      fi
      echo "cudavet-repro: the outputs equal the int64_t-fixed kernel's: no effect at this build"
    fi
  fi
fi
{{- end}}
{{- if eq .Checker "uninit"}}
# initcheck checks global memory only: show a read of shared memory no
# thread wrote by its effect. The kernel runs twice, after a kernel that
# fills every SM's shared memory with 0x00 and after one that fills it
# with 0xff; outputs that differ depend on what the kernel never wrote.
if [ -z "$evidence" ]; then
  export CUDAVET_POISON=0x00; run harness poison00.log
  export CUDAVET_POISON=0xff; run harness poisonff.log
  export CUDAVET_POISON=0x00; run harness poison00b.log
  unset CUDAVET_POISON
  cat poison00.log poisonff.log
  if ! cmp -s poison00.log poison00b.log; then
    echo "cudavet-repro: two runs after the same fill differ: the outputs are not deterministic"
  elif grep -q "run: no error" poison00.log && grep -q "run: no error" poisonff.log; then
    differ=$(diff poison00.log poisonff.log | sed -n 's/^< cudavet-checksum: \([^ ]*\) .*/\1/p' | tr '\n' ' ')
    if [ -n "$differ" ]; then
      echo "cudavet-repro: the outputs depend on the shared memory left by an earlier kernel, in: $differ(the uninitialised read's effect)"; exit 0
    fi
    echo "cudavet-repro: the outputs do not depend on the shared memory left by an earlier kernel"
  fi
fi
{{- end}}
if [ -n "$evidence" ]; then
  echo "cudavet-repro: {{.Tool}} reported errors, none at {{.Base}}:{{.Line}}"; exit 4
fi
echo "cudavet-repro: {{.Tool}} saw nothing"; exit 1
`))
