package shim_test

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/cudavet/cudavet/frontend/shim"
)

// The tests run the clang-15 command line against the headers written to a
// temporary directory; `make test` installs clang-15.
const clang = "clang-15"

// headerDir is the on-disk copy of the shim that TestMain writes.
var headerDir string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "cudavet-shim-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	headerDir = filepath.Join(dir, "include")
	if err := writeHeaders(headerDir); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

func writeHeaders(dir string) error {
	for _, f := range shim.Files() {
		p := filepath.Join(dir, strings.TrimPrefix(f.Path, shim.Dir+"/"))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(p, []byte(f.Contents), 0o644); err != nil {
			return err
		}
	}
	return nil
}

// onDisk returns Args(opts) with the virtual directory replaced by headerDir.
func onDisk(opts shim.Options) []string {
	args := shim.Args(opts)
	for i, a := range args {
		args[i] = strings.ReplaceAll(a, shim.Dir, headerDir)
	}
	return args
}

// parse runs clang -fsyntax-only and returns its combined output; with
// -Wno-everything in the arguments, any output is an error.
func parse(t *testing.T, args []string, files ...string) string {
	t.Helper()
	if _, err := exec.LookPath(clang); err != nil {
		t.Fatalf("%s not on PATH (make test installs it): %v", clang, err)
	}
	cmd := exec.Command(clang, append(append([]string{"-fsyntax-only"}, args...), files...)...)
	out, _ := cmd.CombinedOutput()
	return string(out)
}

// torchFlags are the macros PyTorch extensions (and vLLM) compile with.
var torchFlags = []string{
	"-D__CUDA_NO_HALF_OPERATORS__",
	"-D__CUDA_NO_HALF_CONVERSIONS__",
	"-D__CUDA_NO_BFLOAT16_CONVERSIONS__",
	"-D__CUDA_NO_HALF2_OPERATORS__",
}

func TestFiles(t *testing.T) {
	fs := shim.Files()
	if !sort.SliceIsSorted(fs, func(i, j int) bool { return fs[i].Path < fs[j].Path }) {
		t.Error("Files is not sorted by Path")
	}
	seen := map[string]bool{}
	for _, f := range fs {
		if !strings.HasPrefix(f.Path, shim.Dir+"/") {
			t.Errorf("%s is not under %s", f.Path, shim.Dir)
		}
		if f.Contents == "" {
			t.Errorf("%s is empty", f.Path)
		}
		seen[f.Path] = true
	}
	for _, want := range []string{
		shim.Prelude,
		shim.Dir + "/__cudavet/torch.h", // underscore directories are embedded
		shim.Dir + "/cuda_fp16.h",
		shim.Dir + "/torch/all.h",
		shim.Dir + "/cub/block/block_reduce.cuh",
		shim.Dir + "/cuda/pipeline",
	} {
		if !seen[want] {
			t.Errorf("Files lacks %s", want)
		}
	}
	fs[0].Path = "clobbered"
	if shim.Files()[0].Path == "clobbered" {
		t.Error("Files returns shared storage")
	}
}

func TestArgs(t *testing.T) {
	tests := []struct {
		opts     shim.Options
		want     []string
		wantNot  []string
		wantJoin string
	}{
		{
			opts:     shim.Options{},
			want:     []string{"--cuda-device-only", "-nocudainc", "-nocudalib", "--cuda-gpu-arch=sm_80", "-std=gnu++17", "-fcuda-allow-variadic-functions", "-frelaxed-template-template-args"},
			wantNot:  []string{"-U__CUDA_ARCH__", "--cuda-host-only"},
			wantJoin: "-isystem " + shim.Dir + " -include " + shim.Prelude,
		},
		{
			opts:    shim.Options{Host: true, Arch: 900},
			want:    []string{"--cuda-host-only"},
			wantNot: []string{"--cuda-device-only", "-U__CUDA_ARCH__", "-D__CUDA_ARCH__=900"},
		},
		{
			opts: shim.Options{Arch: 900, Std: "c++20"},
			want: []string{"-U__CUDA_ARCH__", "-D__CUDA_ARCH__=900", "-std=c++20"},
		},
		{
			opts:    shim.Options{Arch: 80},
			wantNot: []string{"-U__CUDA_ARCH__"},
		},
		{
			opts: shim.Options{Arch: 90, Std: "-std=gnu++17"},
			want: []string{"-D__CUDA_ARCH__=900", "-std=gnu++17"},
		},
	}
	for _, tt := range tests {
		args := shim.Args(tt.opts)
		joined := strings.Join(args, " ")
		if !strings.HasPrefix(joined, "-x cuda ") {
			t.Errorf("Args(%+v) = %q, want it to start with -x cuda", tt.opts, joined)
		}
		for _, w := range tt.want {
			if !contains(args, w) {
				t.Errorf("Args(%+v) = %q, lacks %s", tt.opts, joined, w)
			}
		}
		for _, w := range tt.wantNot {
			if contains(args, w) {
				t.Errorf("Args(%+v) = %q, has %s", tt.opts, joined, w)
			}
		}
		if !strings.Contains(joined, tt.wantJoin) {
			t.Errorf("Args(%+v) = %q, lacks %q", tt.opts, joined, tt.wantJoin)
		}
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// TestParseOK parses every testdata/ok_*.cu, written in the style of
// inference-engine csrc/ trees, and requires no diagnostic at all: on the
// device side, on the host side with PyTorch's no-half-operator flags (the
// files use no implicit half conversion), and one file in C++20.
func TestParseOK(t *testing.T) {
	files, err := filepath.Glob("testdata/ok_*.cu")
	if err != nil || len(files) < 8 {
		t.Fatalf("testdata/ok_*.cu: %d files, %v", len(files), err)
	}
	configs := []struct {
		name string
		args []string
	}{
		{"device", withPCH(t, onDisk(shim.Options{}))},
		{"host-torchflags", withPCH(t, append(onDisk(shim.Options{Host: true}), torchFlags...))},
	}
	for _, cfg := range configs {
		cfg := cfg
		t.Run(cfg.name, func(t *testing.T) {
			t.Parallel()
			// One clang process parses all files, each as its own unit.
			if out := parse(t, cfg.args, files...); out != "" {
				t.Errorf("diagnostics:\n%s", out)
			}
		})
	}
	t.Run("cxx20", func(t *testing.T) {
		t.Parallel()
		args := onDisk(shim.Options{Std: "c++20"})
		if out := parse(t, args, "testdata/ok_layernorm.cu"); out != "" {
			t.Errorf("diagnostics:\n%s", out)
		}
	})
}

// TestHeaders includes each public header with declarations of its own
// alone (is it self-contained?) and all public headers together (do they
// conflict, do the forwarding headers' paths resolve?).
func TestHeaders(t *testing.T) {
	tmp := t.TempDir()
	var alone []string
	var all strings.Builder
	for _, f := range shim.Files() {
		rel := strings.TrimPrefix(f.Path, shim.Dir+"/")
		if strings.HasPrefix(rel, "__cudavet/") {
			continue
		}
		fmt.Fprintf(&all, "#include <%s>\n", rel)
		// Forwarding headers (the torch/ATen/c10 names, the thin CUDA ones)
		// are covered by the combined unit.
		if forwards(f.Contents) {
			continue
		}
		src := filepath.Join(tmp, fmt.Sprintf("alone_%03d.cu", len(alone)))
		if err := os.WriteFile(src, []byte(fmt.Sprintf("#include <%s>\n", rel)), 0o644); err != nil {
			t.Fatal(err)
		}
		alone = append(alone, src)
	}
	allSrc := filepath.Join(tmp, "all.cu")
	if err := os.WriteFile(allSrc, []byte(all.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Run("alone", func(t *testing.T) {
		t.Parallel()
		// The prelude precompiled once keeps the many small units cheap.
		args := withPCH(t, onDisk(shim.Options{}))
		if out := parse(t, args, alone...); out != "" {
			t.Errorf("diagnostics:\n%s", out)
		}
	})
	for _, host := range []bool{false, true} {
		host := host
		t.Run(fmt.Sprintf("all/host=%v", host), func(t *testing.T) {
			t.Parallel()
			if out := parse(t, onDisk(shim.Options{Host: host}), allSrc); out != "" {
				t.Errorf("diagnostics:\n%s", out)
			}
		})
	}
}

// withPCH returns args with -include of the prelude replaced by
// -include-pch of the preamble (the prelude and the standard library
// torch implies, what cudavet itself precompiles) under the same args.
func withPCH(t *testing.T, args []string) []string {
	t.Helper()
	prelude := filepath.Join(headerDir, "cudavet_shim.h")
	var rest []string
	for i := 0; i < len(args); i++ {
		if args[i] == "-include" && i+1 < len(args) && args[i+1] == prelude {
			i++
			continue
		}
		rest = append(rest, args[i])
	}
	pch := filepath.Join(t.TempDir(), "preamble.pch")
	f, err := os.Create(pch)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	// With -fsyntax-only clang writes the PCH to standard output.
	preamble := filepath.Join(headerDir, "__cudavet", "preamble.h")
	cmd := exec.Command(clang, append(append([]string{"-fsyntax-only", "-Xclang", "-emit-pch"}, rest...), preamble)...)
	var stderr strings.Builder
	cmd.Stdout, cmd.Stderr = f, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("precompiling the prelude: %v %s", err, stderr.String())
	}
	return append(rest, "-include-pch", pch)
}

// forwards reports whether a header only includes others.
func forwards(contents string) bool {
	for _, line := range strings.Split(contents, "\n") {
		line = strings.TrimSpace(line)
		if line != "" && !strings.HasPrefix(line, "#") && !strings.HasPrefix(line, "//") {
			return false
		}
	}
	return true
}

var kernelCall = regexp.MustCompile(`CUDAKernelCallExpr (0x[0-9a-f]+)`)

// TestDispatchInstantiatesPerDtype checks that a launch inside
// VLLM_DISPATCH_FLOATING_TYPES becomes one kernel call per dtype, each
// calling the kernel specialised for float, c10::Half and c10::BFloat16.
func TestDispatchInstantiatesPerDtype(t *testing.T) {
	t.Parallel()
	args := append(onDisk(shim.Options{}), "-Xclang", "-ast-dump", "-Xclang", "-ast-dump-filter=rms_norm")
	out := parse(t, args, "testdata/ok_layernorm.cu")
	// callee[launch address] is the kernel type named in the launch's first
	// DeclRefExpr, within the few lines after the launch.
	callee := map[string]string{}
	lines := strings.Split(out, "\n")
	for i, line := range lines {
		m := kernelCall.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		for _, next := range lines[i+1 : min(i+6, len(lines))] {
			if _, after, ok := strings.Cut(next, "'rms_norm_kernel' 'void ("); ok {
				callee[m[1]] = strings.SplitN(after, ",", 2)[0]
				break
			}
		}
	}
	var got []string
	for _, ty := range callee {
		got = append(got, ty)
	}
	sort.Strings(got)
	want := []string{"c10::BFloat16 *__restrict", "c10::Half *__restrict", "float *__restrict"}
	if strings.Join(got, "; ") != strings.Join(want, "; ") {
		t.Errorf("launches of rms_norm_kernel instantiate %q, want %q", got, want)
	}
}

// TestTorchCheckIsAssumption checks that TORCH_CHECK_EQ reaches the AST as a
// call to __cudavet_assume with the comparison as argument.
func TestTorchCheckIsAssumption(t *testing.T) {
	t.Parallel()
	src := filepath.Join(t.TempDir(), "check.cu")
	code := "#include <torch/all.h>\nvoid f(int64_t n) { TORCH_CHECK_EQ(n % 8, 0); TORCH_CHECK(n > 0, \"n=\", n); }\n"
	if err := os.WriteFile(src, []byte(code), 0o644); err != nil {
		t.Fatal(err)
	}
	args := append(onDisk(shim.Options{}), "-Xclang", "-ast-dump", "-Xclang", "-ast-dump-filter=f")
	out := parse(t, args, src)
	if n := strings.Count(out, "Function 0x"); n < 2 {
		t.Errorf("found %d references to functions, want 2 calls of __cudavet_assume:\n%s", n, out)
	}
	if strings.Count(out, "'__cudavet_assume' 'void (bool)'") != 2 {
		t.Errorf("want two calls of __cudavet_assume(bool):\n%s", out)
	}
	if !strings.Contains(out, "BinaryOperator") || !strings.Contains(out, "'=='") {
		t.Errorf("TORCH_CHECK_EQ lost its comparison:\n%s", out)
	}
}

// TestMissingInclude checks that a library the shim lacks is reported as
// that missing include and nothing else.
func TestMissingInclude(t *testing.T) {
	t.Parallel()
	out := parse(t, onDisk(shim.Options{}), "testdata/fatal_missing_cutlass.cu")
	if !strings.Contains(out, "fatal error: 'cutlass/cutlass.h' file not found") {
		t.Errorf("want the missing cutlass include reported, got:\n%s", out)
	}
	if n := strings.Count(out, "error:"); n != 1 {
		t.Errorf("%d errors, want 1:\n%s", n, out)
	}
}

// TestTreeHeadersWin checks that a header of the analysed tree, found
// through -I, takes precedence over the shim's header of the same name.
func TestTreeHeadersWin(t *testing.T) {
	t.Parallel()
	tree := t.TempDir()
	own := "#pragma once\n#define TREE_OWN_DISPATCH 1\n"
	if err := os.WriteFile(filepath.Join(tree, "dispatch_utils.h"), []byte(own), 0o644); err != nil {
		t.Fatal(err)
	}
	src := filepath.Join(t.TempDir(), "k.cu")
	code := "#include <dispatch_utils.h>\n#ifndef TREE_OWN_DISPATCH\n#error shim header won\n#endif\n"
	if err := os.WriteFile(src, []byte(code), 0o644); err != nil {
		t.Fatal(err)
	}
	args := append(onDisk(shim.Options{}), "-I", tree)
	if out := parse(t, args, src); out != "" {
		t.Errorf("diagnostics:\n%s", out)
	}
}

// TestArchMacro checks the __CUDA_ARCH__ each mode sees.
func TestArchMacro(t *testing.T) {
	t.Parallel()
	src := filepath.Join(t.TempDir(), "arch.cu")
	code := `#if defined(WANT_ARCH) && (!defined(__CUDA_ARCH__) || __CUDA_ARCH__ != WANT_ARCH)
#error wrong __CUDA_ARCH__
#endif
#if !defined(WANT_ARCH) && defined(__CUDA_ARCH__)
#error __CUDA_ARCH__ defined on the host side
#endif
#if !defined(__CUDACC__) || CUDA_VERSION < 12000
#error nvcc identity missing
#endif
`
	if err := os.WriteFile(src, []byte(code), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		opts shim.Options
		want string
	}{
		{shim.Options{}, "800"},
		{shim.Options{Arch: 900}, "900"},
		{shim.Options{Arch: 75}, "750"},
		{shim.Options{Host: true, Arch: 900}, ""},
	} {
		args := onDisk(tc.opts)
		if tc.want != "" {
			args = append(args, "-DWANT_ARCH="+tc.want)
		}
		if out := parse(t, args, src); out != "" {
			t.Errorf("%+v: %s", tc.opts, out)
		}
	}
}

// TestHostFloat128 parses a host library's __float128 declaration, guarded
// by the macro the host defines (fmt's), on both sides: the device side does
// not claim the host's __float128.
func TestHostFloat128(t *testing.T) {
	t.Parallel()
	src := filepath.Join(t.TempDir(), "f128.cu")
	code := `#ifdef __SIZEOF_FLOAT128__
using float128 = __float128;
#else
using float128 = void;
#endif
__global__ void k(float *p) { p[threadIdx.x] = 1.0f; }
`
	if err := os.WriteFile(src, []byte(code), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, opts := range []shim.Options{{}, {Host: true}} {
		if out := parse(t, onDisk(opts), src); out != "" {
			t.Errorf("%+v: %s", opts, out)
		}
	}
}

// A system include directory holding the real CUB (Debian's libcub-dev
// puts it in /usr/include/cub) does not shadow the shim's: the real one
// needs the SDK (cuda_occupancy.h) the shim replaces. The fake system
// directory comes after the shim's arguments, where /usr/include stands.
func TestSystemCubBehindShim(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	sys := filepath.Join(dir, "usr-include")
	if err := os.MkdirAll(filepath.Join(sys, "cub"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(sys, "cub", "cub.cuh"), []byte("#error the system's cub was included\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	src := filepath.Join(dir, "reduce.cu")
	code := `#include <cub/cub.cuh>
__global__ void k(float *p) {
  using BlockReduce = cub::BlockReduce<float, 128>;
  __shared__ typename BlockReduce::TempStorage tmp;
  float s = BlockReduce(tmp).Sum(p[threadIdx.x]);
  if (threadIdx.x == 0) p[0] = s;
}
`
	if err := os.WriteFile(src, []byte(code), 0o644); err != nil {
		t.Fatal(err)
	}
	args := append(onDisk(shim.Options{}), "-isystem", sys)
	if out := parse(t, args, src); out != "" {
		t.Errorf("%s", out)
	}
}
