package main

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cudavet/cudavet/checkers"
)

// realCLI runs the command with the real checkers.
func realCLI(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	a := &app{registry: checkers.Registry(checkers.All), stdout: &stdout, stderr: &stderr}
	return a.main(args), stdout.String(), stderr.String()
}

// TestVerdicts checks one verified kernel (64-bit indices under the
// launcher's checks) and one with findings, as text (-verdicts) and in
// the JSON output.
func TestVerdicts(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the solver")
	}
	// Budgets count solver work, not time: a loaded machine cannot turn
	// a proof into a timeout.
	args := []string{"-checks=overflow,bounds,align", "-witness=false"}
	code, stdout, stderr := realCLI(t, append(args, "-verdicts", "testdata/verdicts")...)
	wantExit(t, code, exitFindings, stdout, stderr)
	for _, want := range []string{
		"copy_rows_kernel [launch in copy_rows at row_offset.cu:16]: findings",
		"scale_kernel [launch in scale at scale.cu:17]: verified",
		"1 findings, 1 verified, 0 incomplete",
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("stdout lacks %q:\n%s", want, stdout)
		}
	}
	code, stdout, stderr = realCLI(t, append(args, "-json", "testdata/verdicts")...)
	wantExit(t, code, exitFindings, stdout, stderr)
	var out struct {
		Verdicts []struct {
			Kernel, Verdict, Context, LaunchFile string
			LaunchLine                           int `json:"launch_line"`
		}
	}
	if err := json.Unmarshal([]byte(stdout), &out); err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, v := range out.Verdicts {
		got[v.Kernel] = v.Verdict
	}
	if got["scale_kernel"] != "verified" || got["copy_rows_kernel"] != "findings" || len(out.Verdicts) != 2 {
		t.Errorf("verdicts %+v", out.Verdicts)
	}
}

// -stats splits the skipped checks by cause, and a verdict names the
// size a skipped check waits for, so that a user knows what to annotate.
func TestStatsSkippedByCause(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the solver")
	}
	code, stdout, stderr := realCLI(t, "-no-cache", "-stats", "-verdicts", "testdata/barrier.cu")
	wantExit(t, code, exitClean, stdout, stderr)
	for _, want := range []string{
		"overflow         3  checks skipped: a size the launcher leaves unknown\n",
		"race             2  checks skipped: a grid or block size no launch context resolves\n",
	} {
		if !strings.Contains(stderr, want) {
			t.Errorf("-stats lacks %q:\n%s", want, stderr)
		}
	}
	want := "3 checks skipped: a size the launcher leaves unknown (cols: host parameter that neither its name nor its use classifies)"
	if !strings.Contains(stdout+stderr, want) {
		t.Errorf("no verdict %q in\n%s%s", want, stdout, stderr)
	}
}

// TestProjectIncludes: a binding in csrc/ reaches its kernel through a
// launch template in include/ (FlashInfer's layout, built with -I
// include). A relative include directory is part of the project: its
// header is analysed, the launch (cudaLaunchKernelEx) is found from the
// binding, and the kernel's 32-bit row offset is reported. Given as an
// absolute path, the directory is a system one: nothing is analysed.
func TestProjectIncludes(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the solver")
	}
	args := []string{"-no-cache", "-checks=overflow", "-witness=false", "-verdicts"}
	code, stdout, stderr := realCLI(t, append(args, "-I", "testdata/projinc/include", "testdata/projinc/csrc/row_scale.cu")...)
	wantExit(t, code, exitFindings, stdout, stderr)
	for _, want := range []string{
		"row_scale.cuh:13:26: blockIdx.x * d (unsigned int) overflows when rows (rows of input) >= ",
		"rowlib::RowScaleKernel<float> [launch in rowlib::RowScale<float> at row_scale.cuh:28 (called from row_scale)]: findings",
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("stdout lacks %q:\n%s%s", want, stdout, stderr)
		}
	}
	abs, err := filepath.Abs("testdata/projinc/include")
	if err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr = realCLI(t, append(args, "-I", abs, "testdata/projinc/csrc/row_scale.cu")...)
	wantExit(t, code, exitClean, stdout, stderr)
}

// TestVerdictsSync checks that a kernel whose only finding is a race has
// the verdict "findings": race, warpsync and uninit record their outcomes
// as the memory checkers do.
func TestVerdictsSync(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the solver")
	}
	code, stdout, stderr := realCLI(t, "-checks=race", "-witness=false", "-verdicts", "testdata/verdicts_sync")
	wantExit(t, code, exitFindings, stdout, stderr)
	for _, want := range []string{
		"block_sum_kernel [launch in block_sum at block_sum.cu:22]: findings",
		"1 findings, 0 verified, 0 incomplete",
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("stdout lacks %q:\n%s", want, stdout)
		}
	}
}

// TestLauncherOffsetRace: an offset the launcher takes from its caller
// (nothing classifies it) is one value for the whole launch, and the
// launcher's check of it (shift + n <= out.numel()) holds without wrapping.
// The kernel writing out[shift + i] is then verified, and its twin writing
// out[shift + i / 64] (two warps on one element, whatever the shift) is a
// race. Both checks were skipped before: each thread had a shift of its
// own, and a shift near 2^63 passed the check by wrapping.
func TestLauncherOffsetRace(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the solver")
	}
	code, stdout, stderr := realCLI(t, "-no-cache", "-checks=race", "-witness=false", "-verdicts", "testdata/uniform")
	wantExit(t, code, exitFindings, stdout, stderr)
	for _, want := range []string{
		"pair_rows.cu:10:5: data race on global out: store to out[shift + i / 64] and store to out[shift + i / 64]",
		"pair_rows_kernel [launch in pair_rows at pair_rows.cu:17]: findings",
		"shift_rows_kernel [launch in shift_rows at shift_rows.cu:20]: verified",
		"1 findings, 1 verified, 0 incomplete",
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("stdout lacks %q:\n%s%s", want, stdout, stderr)
		}
	}
}
