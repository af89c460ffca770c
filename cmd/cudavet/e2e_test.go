package main

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

// The tests of this file load the CUDA files of testdata/ (frontend.Load)
// and run the fake checkers of main_test.go over them.

func TestFindings(t *testing.T) {
	code, stdout, stderr := cli(t, "testdata/barrier.cu")
	wantExit(t, code, exitFindings, stdout, stderr)
	// The second barrier is suppressed by the cudavet:ignore above it.
	if want := "testdata/barrier.cu:11:3: barrier __syncthreads (fake)\n"; stdout != want {
		t.Errorf("stdout:\n%s\nwant:\n%s", stdout, want)
	}
}

func TestClean(t *testing.T) {
	code, stdout, stderr := cli(t, "-checks=all", "testdata/clean.cu", "-checks=fake")
	wantExit(t, code, exitUsage, stdout, stderr) // flags after patterns
	code, stdout, stderr = cli(t, "-checks=fake", "testdata/clean.cu")
	wantExit(t, code, exitClean, stdout, stderr)
	if stdout != "" {
		t.Errorf("stdout %q, want nothing", stdout)
	}
}

// TestIncomplete checks that a parse error or an internal error makes the
// run incomplete (exit 3) even with findings, reported on stderr.
func TestIncomplete(t *testing.T) {
	code, stdout, stderr := cli(t, "testdata/broken.cu", "testdata/barrier.cu")
	wantExit(t, code, exitIncomplete, stdout, stderr)
	if !strings.Contains(stderr, "testdata/broken.cu:5:") || !strings.Contains(stderr, "parse error: ") || !strings.Contains(stdout, "(fake)") {
		t.Errorf("stdout:\n%s\nstderr:\n%s", stdout, stderr)
	}
	code, stdout, stderr = cli(t, "-checks=panicky", "testdata/clean.cu")
	wantExit(t, code, exitIncomplete, stdout, stderr)
	if !strings.Contains(stderr, "internal error: panicky on kernel scale_kernel: boom (panicky)") {
		t.Errorf("stderr:\n%s", stderr)
	}
}

// TestJSON checks the -json schema: its fields and their values.
func TestJSON(t *testing.T) {
	code, stdout, stderr := cli(t, "-json", "testdata/barrier.cu")
	wantExit(t, code, exitFindings, stdout, stderr)
	var out map[string]any
	if err := json.Unmarshal([]byte(stdout), &out); err != nil {
		t.Fatalf("%v\n%s", err, stdout)
	}
	wantKeys(t, "top level", out, "version", "diagnostics", "stats", "verdicts")
	if out["version"] != float64(1) {
		t.Errorf("version %v", out["version"])
	}
	diags := out["diagnostics"].([]any)
	if len(diags) != 1 {
		t.Fatalf("%d diagnostics, want 1:\n%s", len(diags), stdout)
	}
	d := diags[0].(map[string]any)
	wantKeys(t, "diagnostic", d, "checker", "category", "kind", "severity", "file", "line", "column", "end_line",
		"end_column", "message", "function", "related", "suggested_fixes")
	for k, v := range map[string]any{"checker": "fake", "kind": "finding", "severity": "warning", "file": "testdata/barrier.cu",
		"line": float64(11), "column": float64(3), "message": "barrier __syncthreads", "function": "row_sum_kernel"} {
		if d[k] != v {
			t.Errorf("diagnostic %s = %v, want %v", k, d[k], v)
		}
	}
	stats := out["stats"].(map[string]any)
	wantKeys(t, "stats", stats, "files", "parse_errors", "kernels", "device_functions", "host_functions", "launches",
		"statements", "unknown_statements", "unknown_expressions", "units", "findings", "suppressed", "duplicates", "same_ir",
		"internal_errors", "checkers")
	if stats["suppressed"] != float64(1) || stats["findings"] != float64(1) || stats["kernels"] != float64(1) {
		t.Errorf("stats %v", stats)
	}
}

func wantKeys(t *testing.T, what string, m map[string]any, keys ...string) {
	t.Helper()
	var got []string
	for k := range m {
		got = append(got, k)
	}
	slices.Sort(got)
	slices.Sort(keys)
	if !slices.Equal(got, keys) {
		t.Errorf("%s keys %q, want %q", what, got, keys)
	}
}

func TestSARIF(t *testing.T) {
	code, stdout, stderr := cli(t, "-sarif", "testdata/barrier.cu")
	wantExit(t, code, exitFindings, stdout, stderr)
	var out struct {
		Version string `json:"version"`
		Runs    []struct {
			Tool struct {
				Driver struct {
					Name  string `json:"name"`
					Rules []struct {
						ID               string `json:"id"`
						ShortDescription struct{ Text string }
					} `json:"rules"`
				} `json:"driver"`
			} `json:"tool"`
			Results []struct {
				RuleID  string `json:"ruleId"`
				Level   string `json:"level"`
				Message struct{ Text string }
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal([]byte(stdout), &out); err != nil {
		t.Fatalf("%v\n%s", err, stdout)
	}
	if out.Version != "2.1.0" || len(out.Runs) != 1 {
		t.Fatalf("sarif:\n%s", stdout)
	}
	r := out.Runs[0]
	if r.Tool.Driver.Name != "cudavet" || len(r.Tool.Driver.Rules) != 1 || r.Tool.Driver.Rules[0].ID != "fake" ||
		r.Tool.Driver.Rules[0].ShortDescription.Text != "reports every barrier" {
		t.Errorf("tool %+v", r.Tool)
	}
	if len(r.Results) != 1 || r.Results[0].RuleID != "fake" || r.Results[0].Level != "warning" {
		t.Errorf("results %+v", r.Results)
	}
}

func TestDumpIR(t *testing.T) {
	code, stdout, stderr := cli(t, "-dump=ir", "testdata/barrier.cu")
	wantExit(t, code, exitClean, stdout, stderr)
	if !strings.Contains(stdout, "kernel row_sum_kernel(") || !strings.Contains(stdout, "host row_sum(") {
		t.Errorf("dump:\n%s", stdout)
	}
}

func TestStats(t *testing.T) {
	code, stdout, stderr := cli(t, "-stats", "testdata/barrier.cu")
	wantExit(t, code, exitFindings, stdout, stderr)
	for _, want := range []string{"row_sum_kernel", "Totals:", "kernels", "launch sites", "lowered to non-Unknown", "Time:", "fake"} {
		if !strings.Contains(stderr, want) {
			t.Errorf("-stats lacks %q:\n%s", want, stderr)
		}
	}
}
