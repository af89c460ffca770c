package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/cudavet/cudavet/frontend/shim"
)

// reproInputs are the files whose findings TestRepro turns into
// reproducers: every bug case of the checkers with witnesses, and the
// bundled examples; with -short only the examples.
func reproInputs(t *testing.T) []string {
	inputs := []string{"../../testdata/examples/..."}
	if testing.Short() {
		return inputs
	}
	for c := range sanitizerTool {
		files, err := filepath.Glob(filepath.Join("../../checkers", c, "testdata", "bug_*.cu"))
		if err != nil {
			t.Fatal(err)
		}
		inputs = append(inputs, files...)
	}
	sort.Strings(inputs[1:])
	return inputs
}

// reproRun runs cudavet with -repro into a fresh directory, which it
// returns, and fails the test unless the run exits with status want.
func reproRun(t *testing.T, want int, args ...string) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "repro")
	code, _, stderr := realCLI(t, append([]string{"-repro", dir}, args...)...)
	if code != want {
		t.Fatalf("exit status %d, want %d\nstderr:\n%s", code, want, stderr)
	}
	return dir
}

// TestRepro checks that -repro writes one reproducer for every finding
// with a witness and that each harness compiles against the shims with
// clang-15 (nvcc is not on this machine; testdata/repro/RESULTS.md holds
// the runs on a GPU).
func TestRepro(t *testing.T) {
	if _, err := exec.LookPath("clang-15"); err != nil {
		t.Fatalf("clang-15 not on PATH (make test installs it): %v", err)
	}
	dir := t.TempDir()
	code, stdout, stderr := realCLI(t, append([]string{"-checks", "all", "-json", "-repro", filepath.Join(dir, "repro")}, reproInputs(t)...)...)
	if code != exitFindings {
		t.Fatalf("exit status %d, want %d\nstderr:\n%s", code, exitFindings, stderr)
	}
	var out struct {
		Diagnostics []struct {
			Checker, File, Kind string
			Line                int
			Repro               json.RawMessage
		}
	}
	if err := json.Unmarshal([]byte(stdout), &out); err != nil {
		t.Fatal(err)
	}
	want := map[string]bool{}
	for _, d := range out.Diagnostics {
		if _, ok := sanitizerTool[d.Checker]; !ok || d.Kind != string(finding) || d.Checker == "barrierdiv" {
			continue
		}
		key := fmt.Sprintf("%s-%d", strings.TrimSuffix(filepath.Base(d.File), ".cu"), d.Line)
		if len(d.Repro) == 0 {
			t.Errorf("%s:%d: %s finding has no witness launch", d.File, d.Line, d.Checker)
			continue
		}
		want[d.Checker+"-"+key] = true
	}
	entries, err := os.ReadDir(filepath.Join(dir, "repro"))
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, e := range entries {
		if e.IsDir() {
			got[e.Name()[4:]] = filepath.Join(dir, "repro", e.Name())
		}
	}
	if len(want) == 0 {
		t.Fatal("no finding with a witness")
	}
	for k := range want {
		if got[k] == "" {
			t.Errorf("no reproducer for %s", k)
		}
	}
	include := writeShim(t)
	for k, d := range got {
		if !want[k] {
			t.Errorf("reproducer %s matches no finding", k)
			continue
		}
		compileHarness(t, include, d)
	}
	t.Logf("%d reproducers compiled", len(got))
}

// writeShim writes the shim headers to a temporary directory and returns
// it.
func writeShim(t *testing.T) string {
	dir := filepath.Join(t.TempDir(), "include")
	for _, f := range shim.Files() {
		p := filepath.Join(dir, strings.TrimPrefix(f.Path, shim.Dir+"/"))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(f.Contents), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// compileHarness type-checks dir/harness.cu for the device and the host
// with clang-15 against the shims, as nvcc would build it.
func compileHarness(t *testing.T, include, dir string) {
	t.Helper()
	variants := []string{""}
	for _, v := range []struct{ file, define string }{{"fixed.cu", "-DCUDAVET_FIXED"}, {"isolated.cu", "-DCUDAVET_ISOLATED"}} {
		if _, err := os.Stat(filepath.Join(dir, v.file)); err == nil {
			variants = append(variants, v.define)
		}
	}
	for _, v := range variants {
		compileVariant(t, include, dir, "harness.cu", v)
	}
	if _, err := os.Stat(filepath.Join(dir, "launcher.cu")); err == nil {
		compileVariant(t, include, dir, "launcher.cu", "")
	}
}

// compileVariant type-checks dir/file (harness.cu or launcher.cu) with
// define set ("" for the plain harness).
func compileVariant(t *testing.T, include, dir, file, define string) {
	t.Helper()
	for _, host := range []bool{false, true} {
		args := shim.Args(shim.Options{Host: host})
		for i, a := range args {
			args[i] = strings.ReplaceAll(a, shim.Dir, include)
		}
		script, err := os.ReadFile(filepath.Join(dir, "run.sh"))
		if err != nil {
			t.Fatal(err)
		}
		// The script's include directory of the kernel, relative to dir.
		for _, line := range strings.Split(string(script), "\n") {
			if src, ok := strings.CutPrefix(line, "SRCDIR="); ok {
				args = append(args, "-I"+src, "-I.")
			}
		}
		if define != "" {
			args = append(args, define)
		}
		cmd := exec.Command("clang-15", append(append([]string{"-fsyntax-only", "-Werror=return-type"}, args...), file)...)
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil || len(out) > 0 {
			t.Errorf("%s %s %s(host %v) does not compile: %v\n%s", filepath.Base(dir), file, define, host, err, out)
		}
	}
}

// TestReproIsolated checks the isolated variant of a finding whose kernel
// has other memory findings: isolated.cu leaves the finding's own line
// as written, routes the other findings' accesses through the guard, and
// compiles with the harness.
func TestReproIsolated(t *testing.T) {
	if _, err := exec.LookPath("clang-15"); err != nil {
		t.Fatalf("clang-15 not on PATH (make test installs it): %v", err)
	}
	dir := reproRun(t, exitFindings, "../../checkers/bounds/testdata/bug_row_off_by_one.cu",
		"../../checkers/bounds/testdata/bug_local_vals_count.cu")
	want := map[string]struct{ kept, guarded string }{
		"bounds-bug_row_off_by_one-14": {"const float x = in[token * hidden_size + i] + bias[i];",
			"(*cudavet_guard::ok(&(out[token * hidden_size + i]))) = "},
		"bounds-bug_row_off_by_one-15": {"    out[token * hidden_size + i] = ",
			"(*cudavet_guard::ok(&(in[token * hidden_size + i]))) + (*cudavet_guard::ok(&(bias[i])))"},
		// A local array's access is checked against the array itself.
		"bounds-bug_local_vals_count-21": {"amax = fmaxf(amax, fabsf(vals[i]));",
			"(*cudavet_guard::in(&(vals[i]), vals)) = in[row + base + i];"},
	}
	include := writeShim(t)
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	found := 0
	for _, e := range entries {
		w, ok := want[e.Name()[min(4, len(e.Name())):]]
		if !ok {
			continue
		}
		found++
		src, err := os.ReadFile(filepath.Join(dir, e.Name(), "isolated.cu"))
		if err != nil {
			t.Errorf("%s: %v", e.Name(), err)
			continue
		}
		if !strings.Contains(string(src), w.kept) || !strings.Contains(string(src), w.guarded) {
			t.Errorf("%s: isolated.cu does not keep %q and guard %q:\n%s", e.Name(), w.kept, w.guarded, src)
		}
		script, _ := os.ReadFile(filepath.Join(dir, e.Name(), "run.sh"))
		if !strings.Contains(string(script), "-DCUDAVET_ISOLATED") {
			t.Errorf("%s: run.sh does not build the isolated variant", e.Name())
		}
		compileHarness(t, include, filepath.Join(dir, e.Name()))
	}
	if found != len(want) {
		t.Errorf("found %d of the %d bounds reproducers", found, len(want))
	}
}

// TestReproLauncher checks the reproducer through a file's own launcher:
// launcher.cu calls the launcher with tensors of the witness's shapes and
// dtypes (the dispatch's type, the launch's lengths) and compiles against
// the shims; run.sh runs it first, under the finding's tool.
func TestReproLauncher(t *testing.T) {
	if _, err := exec.LookPath("clang-15"); err != nil {
		t.Fatalf("clang-15 not on PATH (make test installs it): %v", err)
	}
	dir := reproRun(t, exitFindings, "-checks", "overflow", "../../checkers/overflow/testdata/bug_launcher_rms_norm.cu")
	d := filepath.Join(dir, "001-overflow-bug_launcher_rms_norm-17")
	src, err := os.ReadFile(filepath.Join(d, "launcher.cu"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"overflow/testdata/bug_launcher_rms_norm.cu\"",
		// input: num_tokens × hidden_size, the dispatch's bfloat16.
		"at::Tensor t1 = tensor({524289, 8192}, c10::ScalarType::BFloat16, false, 0ll);  // input",
		"Param<3> a3 = static_cast<Param<3>>(1e-6);  // epsilon",
		"rms_norm(a0, a1, a2, a3);",
	} {
		if !strings.Contains(string(src), want) {
			t.Errorf("launcher.cu lacks %q:\n%s", want, src)
		}
	}
	script, _ := os.ReadFile(filepath.Join(d, "run.sh"))
	if !strings.Contains(string(script), "launcher.py build") {
		t.Errorf("run.sh does not run the launcher reproducer:\n%s", script)
	}
	if !strings.Contains(string(script), `if [ "${KERNEL_ONLY:-0}" = 1 ]; then`) {
		t.Errorf("run.sh has no KERNEL_ONLY switch to skip the launcher:\n%s", script)
	}
	if out, err := exec.Command("sh", "-n", filepath.Join(d, "run.sh")).CombinedOutput(); err != nil {
		t.Errorf("sh -n run.sh: %v\n%s", err, out)
	}
	if _, err := os.Stat(filepath.Join(d, "launcher.py")); err != nil {
		t.Error(err)
	}
	compileHarness(t, writeShim(t), d)
}

// TestReproEntries checks a two-thread witness's index tensors: each
// thread reads its own entry (thread 1 expert_map[0] = 7, thread 2
// expert_map[7] = -1, through topk_ids[31] = 0 and topk_ids[32] = 7),
// which one fill value cannot give; the harness and launcher.cu write
// both over the fill.
func TestReproEntries(t *testing.T) {
	dir := reproRun(t, exitFindings, "-checks", "race", "../../checkers/race/testdata/bug_expert_map_counts.cu")
	d := filepath.Join(dir, "001-race-bug_expert_map_counts-20")
	harness, err := os.ReadFile(filepath.Join(d, "harness.cu"))
	if err != nil {
		t.Fatal(err)
	}
	launcher, err := os.ReadFile(filepath.Join(d, "launcher.cu"))
	if err != nil {
		t.Fatal(err)
	}
	// expert_map, which the launcher never inspects, is as large as in the
	// launcher's call (repro.DefaultAlloc bytes), not the witness's pick.
	for _, want := range []string{"set_entry<Elem<1>>(raw1, 67108864ull, 0ll, 7ll);", "set_entry<Elem<1>>(raw1, 67108864ull, 7ll, -1ll);"} {
		if !strings.Contains(string(harness), want) {
			t.Errorf("harness.cu lacks %q", want)
		}
	}
	for _, want := range []string{"entry(t2, 0ll, 7ll);", "entry(t2, 7ll, -1ll);"} {
		if !strings.Contains(string(launcher), want) {
			t.Errorf("launcher.cu lacks %q", want)
		}
	}
	compileHarness(t, writeShim(t), d)
}

// TestReproSmallWitness checks that a witness whose sizes the violation
// does not need leaves them small: a null pointer's reproducer needs no
// H200. The solver's corners put such sizes at the production maximum
// (the weight of bug_malloc_out_param.cu and the prefix_out of
// bug_lse_undefined.cu at 141 GB, which a witness on 2026-12-04 still
// asked for).
func TestReproSmallWitness(t *testing.T) {
	dir := reproRun(t, exitFindings, "-checks", "nilptr", "../../checkers/nilptr/testdata/bug_malloc_out_param.cu", "../../checkers/nilptr/testdata/bug_lse_undefined.cu")
	need := regexp.MustCompile(`const size_t need = (\d+)ull;`)
	files, _ := filepath.Glob(filepath.Join(dir, "*", "*.cu"))
	if len(files) < 3 {
		t.Fatalf("%d reproducer files, want at least 3 (harness.cu of each finding)", len(files))
	}
	for _, name := range files {
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		m := need.FindSubmatch(src)
		if m == nil {
			continue
		}
		if n, _ := strconv.ParseUint(string(m[1]), 10, 64); n > 1<<30 {
			t.Errorf("%s needs %d bytes of GPU memory, want at most 1 GiB", name, n)
		}
	}
}

// TestReproTemplateElem checks the buffers of a template kernel's
// scalar_t pointers: the witness counts their elements (the engine does
// not know the type parameter's size), and the harness allocates that
// many of the instantiated type, not that many bytes.
func TestReproTemplateElem(t *testing.T) {
	dir := reproRun(t, exitFindings, "-checks", "overflow", "../../checkers/overflow/testdata/bug_annotated_rms_norm.cu")
	d := filepath.Join(dir, "001-overflow-bug_annotated_rms_norm-18")
	harness, err := os.ReadFile(filepath.Join(d, "harness.cu"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"const size_t bytes1 = 4294975488ull * sizeof(Elem<1>);",
		"check(cudaMalloc(&raw1, bytes1), \"cudaMalloc input\");",
		"const size_t bytes2 = 8192ull * sizeof(Elem<2>);",
		"// 32.00 GiB of buffers",
	} {
		if !strings.Contains(string(harness), want) {
			t.Errorf("harness.cu lacks %q", want)
		}
	}
	compileHarness(t, writeShim(t), d)
}

// TestReproProjectFlags checks that a reproducer is built with the flags
// the file was analysed with: the include directories (relative to the
// reproducer, so that the tree and the reproducers move together to a GPU
// machine), the macros and the dialect; and that the launcher's build
// undoes torch's __CUDA_NO_HALF_* macros the project's flags lack. A
// library relying on half <-> float conversions did not build otherwise.
func TestReproProjectFlags(t *testing.T) {
	dir := reproRun(t, exitFindings, "-checks", "overflow", "-I", "../../checkers", "-D", "CUDAVET_TEST_MACRO=1",
		"../../checkers/overflow/testdata/bug_launcher_rms_norm.cu", "--", "-std=c++20", "-UNDEBUG")
	d := filepath.Join(dir, "001-overflow-bug_launcher_rms_norm-17")
	inc, _ := filepath.Abs("../../checkers")
	rel, err := filepath.Rel(d, inc)
	if err != nil {
		t.Fatal(err)
	}
	script, err := os.ReadFile(filepath.Join(d, "run.sh"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"-I" + rel + " -DCUDAVET_TEST_MACRO=1 -std=c++20 -UNDEBUG", `FLAGS="-O1 `} {
		if !strings.Contains(string(script), want) {
			t.Errorf("run.sh lacks %q:\n%s", want, script)
		}
	}
	if out, err := exec.Command("sh", "-n", filepath.Join(d, "run.sh")).CombinedOutput(); err != nil {
		t.Errorf("sh -n run.sh: %v\n%s", err, out)
	}
	py, err := os.ReadFile(filepath.Join(d, "launcher.py"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		`project = ["-I" + os.path.normpath(os.path.join(here, "` + rel + `")), "-DCUDAVET_TEST_MACRO=1", "-std=c++20", "-UNDEBUG"]`,
		`undo = ["-U" + f[2:] for f in COMMON_NVCC_FLAGS if f.startswith("-D__CUDA_NO_") and f not in project]`,
		`extra_cuda_cflags=["-O1", "-lineinfo"] + project + undo + os.environ.get("EXTRA_FLAGS", "").split(),`,
	} {
		if !strings.Contains(string(py), want) {
			t.Errorf("launcher.py lacks %q:\n%s", want, py)
		}
	}
}

// TestReproNoFindings checks that -repro on a file without findings
// succeeds and leaves an index listing none (it failed to open the
// directory it had not made).
func TestReproNoFindings(t *testing.T) {
	dir := reproRun(t, exitClean, "-checks", "overflow", "../../checkers/overflow/testdata/ok_launcher_rms_norm_guarded.cu")
	if _, err := os.Stat(filepath.Join(dir, "README.txt")); err != nil {
		t.Error(err)
	}
}

func TestBuildFlags(t *testing.T) {
	got := buildFlags("/p/r/001", []string{"-I/p/csrc", "-isystem", "/p/third", "-DX=1", "-U", "__CUDA_ARCH__",
		"-D__CUDA_ARCH__=900", "-include", "/p/csrc/pre.h", "-std=c++20", "-fcuda-approx-transcendentals", "-Wall", "-I/p/csrc"})
	want := []buildFlag{{Flag: "-I", Path: "../../csrc"}, {Flag: "-isystem", Path: "../../third"}, {Flag: "-DX=1"},
		{Flag: "-include", Path: "../../csrc/pre.h"}, {Flag: "-std=c++20"}, {Flag: "--use_fast_math"}}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("buildFlags = %v, want %v", got, want)
	}
	if s := shellFlags([]buildFlag{{Flag: "-I", Path: "a b"}, {Flag: "-DS=\"x\""}}); s != `'-Ia b' '-DS="x"'` {
		t.Errorf("shellFlags = %s", s)
	}
}

// TestReproHeaderFinding checks a finding in a header the kernel's file
// includes: the harness includes the kernel's file (including the header
// alone left the kernel undefined, and no reproducer of such a finding
// built), and it compiles.
func TestReproHeaderFinding(t *testing.T) {
	if _, err := exec.LookPath("clang-15"); err != nil {
		t.Fatalf("clang-15 not on PATH (make test installs it): %v", err)
	}
	dir := reproRun(t, exitFindings, "-checks", "bounds", "testdata/reprohdr/shift_kernel.cu")
	d := filepath.Join(dir, "001-bounds-shift_ops-6")
	harness, err := os.ReadFile(filepath.Join(d, "harness.cu"))
	if err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`(?m)^#include ".*/testdata/reprohdr/shift_kernel\.cu"$`).Match(harness) {
		t.Errorf("harness.cu does not include the kernel's file:\n%s", harness)
	}
	script, _ := os.ReadFile(filepath.Join(d, "run.sh"))
	if !strings.Contains(string(script), `grep -q "shift_ops.cuh:6" sanitizer.log`) {
		t.Errorf("run.sh does not look for the error at the header's line:\n%s", script)
	}
	compileHarness(t, writeShim(t), d)
}

// TestReproLauncherFramework checks which launchers a reproducer calls
// through PyTorch: one written against torch's tensors, not one written
// against TVM-FFI's (FlashInfer's bindings) or torch's stable ABI
// (vLLM's libtorch_stable/), whose launcher.cu could not build; a file
// that includes neither is taken as torch's (its headers may come through
// a project header).
func TestReproLauncherFramework(t *testing.T) {
	dir := t.TempDir()
	for name, c := range map[string]struct {
		src                 string
		torch, tvm, foreign bool
	}{
		"torch.cu":   {"#include <torch/all.h>\nvoid f(torch::Tensor& x);\n", true, false, false},
		"tvm.cu":     {"#include \"tvm_ffi_utils.h\"\nvoid f(TensorView x);\n", false, true, true},
		"project.cu": {"#include \"ops.h\"\nvoid f(torch::Tensor& x);\n", false, false, false},
		"stable.cu":  {"#include <torch/csrc/stable/tensor.h>\nvoid f(torch::stable::Tensor x);\n", true, false, true},
	} {
		file := filepath.Join(dir, name)
		if err := os.WriteFile(file, []byte(c.src), 0o644); err != nil {
			t.Fatal(err)
		}
		if got := includesTorch(readText(file)); got != c.torch {
			t.Errorf("includesTorch(%s) = %v, want %v", name, got, c.torch)
		}
		if got := takesTVMTensors(readText(file)); got != c.tvm {
			t.Errorf("takesTVMTensors(%s) = %v, want %v", name, got, c.tvm)
		}
		if got := foreignTensors(readText(file)); got != c.foreign {
			t.Errorf("foreignTensors(%s) = %v, want %v", name, got, c.foreign)
		}
	}
}

func TestKernelNamespace(t *testing.T) {
	for kernel, want := range map[string]string{
		"vllm::act_and_mul_kernel<c10::BFloat16, &gelu_kernel>": "vllm",
		"flashinfer::norm::RMSNormKernel<8, float>":             "flashinfer::norm",
		"shift_kernel":                       "",
		"(anonymous namespace)::fill<float>": "",
	} {
		if got := kernelNamespace(kernel); got != want {
			t.Errorf("kernelNamespace(%q) = %q, want %q", kernel, got, want)
		}
	}
}
