package main

import (
	"bytes"
	"encoding/json"
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
