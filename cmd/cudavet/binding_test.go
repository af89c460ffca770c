package main

import (
	"strings"
	"testing"
)

// TestBindingAcrossFiles: a .cpp binding fills a params struct from the
// tensors and calls the launcher a .cu defines (declared in their shared
// header). The launcher is analysed from the binding, with the tensors'
// sizes, in the whole-program run and, grouped with the .cu, in the run
// through the cache (cold and warm, the same output); the 64-bit twin is
// verified.
func TestBindingAcrossFiles(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the solver")
	}
	args := []string{"-checks=overflow", "-witness=false"}
	code, whole, stderr := realCLI(t, append(args, "testdata/binding/bug/...")...)
	wantExit(t, code, exitFindings, whole, stderr)
	for _, want := range []string{
		"gated_act_kernels.cu:8:23: row * 2 * dim + i (int) overflows when params.n_rows (rows of x) >= ",
		"gated_act_kernels.cu:9:23: row * 2 * dim + dim + i (int) overflows",
		"gated_act_kernels.cu:10:9: row * dim + i (int) overflows",
		"gated_act.cpp:15:3: through this call",
	} {
		if !strings.Contains(whole, want) {
			t.Errorf("whole-program run lacks %q:\n%s", want, whole)
		}
	}
	dir := t.TempDir()
	for i := range 2 {
		code, out, stderr := realCLI(t, append(args, "-cache", dir, "testdata/binding/bug/...")...)
		wantExit(t, code, exitFindings, out, stderr)
		if out != whole {
			t.Errorf("run %d through the cache:\n%s\nwant (as the whole program):\n%s", i, out, whole)
		}
	}
	code, out, stderr := realCLI(t, "-checks=overflow,bounds,align", "-verdicts", "testdata/binding/ok/...")
	wantExit(t, code, exitClean, out, stderr)
	if want := "gated_act_kernel [launch in gated_act_fwd_cuda at gated_act_kernels.cu:16 (called from gated_act_fwd)]: verified"; !strings.Contains(out, want) {
		t.Errorf("-verdicts lacks %q:\n%s", want, out)
	}
}

// TestTemplateBindingAcrossFiles: the launcher is a template the .cpp
// calls per dtype (scale_fwd_cuda<float>(params, stream)) and the .cu
// instantiates explicitly; the call links to the template's generic form,
// whose launch of the kernel template is resolved, so the kernel runs
// under the binding's sizes.
func TestTemplateBindingAcrossFiles(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the solver")
	}
	code, out, stderr := realCLI(t, "-checks=overflow", "-witness=false", "testdata/binding/template/bug/...")
	wantExit(t, code, exitFindings, out, stderr)
	for _, want := range []string{
		"scale_kernels.cu:11:9: r * width + i (int) overflows when params.rows (rows of in) >= ",
		"scale.cpp:15:5: through this call",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	code, out, stderr = realCLI(t, "-checks=overflow,bounds,align", "-verdicts", "testdata/binding/template/ok/...")
	wantExit(t, code, exitClean, out, stderr)
	if want := "scale_kernel<input_t> [launch in scale_fwd_cuda<input_t> at scale_kernels.cu:17 (called from scale_fwd)]: verified"; !strings.Contains(out, want) || strings.Contains(out, "incomplete (") {
		t.Errorf("-verdicts: want every context %q:\n%s", want, out)
	}
}

// TestGenericChainAcrossFiles: the causal-conv1d chain — the .cpp calls a
// launcher template, which calls a launch template with a thread count,
// which launches through &kernel<kThreads, T> — is followed from the
// binding to the kernel: its launch context names the binding. The thread
// count bound at the call is not carried into the generic form, so the
// block is unresolved; the row offset r * width does not depend on it and
// is checked at thread 0 (b236b83): its int overflow is reported, with
// the binding's sizes, and the block shown as unconstrained.
func TestGenericChainAcrossFiles(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the solver")
	}
	code, out, stderr := realCLI(t, "-checks=overflow", "-verdicts", "testdata/binding/chain/...")
	wantExit(t, code, exitFindings, out, stderr)
	for _, want := range []string{
		"chain_kernels.cu:15:9: r * width (int) overflows when params.rows (rows of in) >= 8390 with params.width (columns of in) = 256000",
		"chain_kernel<kThreads, input_t> [launch in chain_launch<kThreads, input_t> at chain_kernels.cu:22 (called from chain_fwd)]: findings",
		"chain.cpp:15:5: through this call",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

// TestCubinLauncherAcrossFiles: a TVM-FFI host launcher (.cc) launches an
// embedded cubin's kernel by its symbol (GetKernel("name"), then
// kernel.Launch with an argument array); the extern "C" kernel's source is
// a .cu of the tree. The launch links to that kernel, whole-program and
// through the cache, so the launcher's checks bound it: the step count
// checked to at most 8 keeps the 8-entry shared table in bounds, and a
// check to 16 does not.
func TestCubinLauncherAcrossFiles(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the solver")
	}
	const context = "cubin_steps_kernel [launch in steps_host::Run at steps.cc:33]"
	code, whole, stderr := realCLI(t, "-checks=bounds", "-witness=false", "-verdicts", "testdata/binding/cubin/bug/...")
	wantExit(t, code, exitFindings, whole, stderr)
	for _, want := range []string{
		"steps_kernel.cu:12:5: store to s_w[tid] is past the end of shared array s_w (8 elements)",
		context + ": findings",
	} {
		if !strings.Contains(whole, want) {
			t.Errorf("whole-program run lacks %q:\n%s", want, whole)
		}
	}
	dir := t.TempDir()
	for i := range 2 {
		code, out, stderr := realCLI(t, "-checks=bounds", "-witness=false", "-verdicts", "-cache", dir, "testdata/binding/cubin/bug/...")
		wantExit(t, code, exitFindings, out, stderr)
		if out != whole {
			t.Errorf("run %d through the cache:\n%s\nwant (as the whole program):\n%s", i, out, whole)
		}
	}
	code, out, stderr := realCLI(t, "-checks=bounds,overflow,race", "-verdicts", "testdata/binding/cubin/ok/...")
	wantExit(t, code, exitClean, out, stderr)
	if want := context + ": verified"; !strings.Contains(out, want) {
		t.Errorf("-verdicts lacks %q:\n%s", want, out)
	}
}
