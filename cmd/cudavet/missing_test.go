package main

import (
	"go/token"
	"strings"
	"testing"

	"github.com/cudavet/cudavet/checkers/driver"
)

// TestGroupMissingHeaders checks that a header missing from several
// files is told once, in clang's words or the front end's per-family
// ones, and that other parse errors stay as they are.
func TestGroupMissingHeaders(t *testing.T) {
	parse := func(file, msg string) driver.Diagnostic {
		return driver.Diagnostic{Checker: "parse", Category: "parse", Message: msg,
			Position: token.Position{Filename: file, Line: 3, Column: 10}}
	}
	res := &driver.Result{Diagnostics: []driver.Diagnostic{
		parse("/t/b.cu", "'tiles/tile.h' file not found"),
		parse("/t/a.cu", "'tiles/tile.h' file not found"),
		parse("/t/a.cu", "CUTLASS headers not found ('cutlass/cutlass.h'): give their include directory with -I, or the build's compile database with -p (4 more errors follow from it; kernels not using CUTLASS are still analysed)"),
		parse("/t/c.cu", "CUTLASS headers not found ('cutlass/cutlass.h'): give their include directory with -I, or the build's compile database with -p"),
		parse("/t/d.cu", "file written for ROCm/HIP (use of undeclared identifier 'hipLaunchKernelGGL'): cudavet parses CUDA; build it for CUDA or leave it out of the run"),
	}}
	st := groupMissingHeaders(res, func(string) int { return 1 })
	if st.headers != 2 || st.blockedFiles != 3 || st.kernelsAnalysed != 3 {
		t.Errorf("stats %+v, want 2 headers blocking 3 files with 3 kernels", st)
	}
	var msgs []string
	for _, d := range res.Diagnostics {
		msgs = append(msgs, d.Position.Filename+": "+d.Message)
	}
	got := strings.Join(msgs, "\n")
	for _, want := range []string{
		"/t/a.cu: CUTLASS header cutlass/cutlass.h not found, blocking 2 files (/t/a.cu, /t/c.cu)",
		"/t/a.cu: header tiles/tile.h not found, blocking 2 files (/t/a.cu, /t/b.cu)",
		"/t/d.cu: file written for ROCm/HIP",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %q in:\n%s", want, got)
		}
	}
	if len(res.Diagnostics) != 3 {
		t.Errorf("%d diagnostics, want 3:\n%s", len(res.Diagnostics), got)
	}
}
