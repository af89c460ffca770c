package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/cudavet/cudavet/checkers"
	"github.com/cudavet/cudavet/checkers/cudair"
	"github.com/cudavet/cudavet/frontend/ir"
	"golang.org/x/tools/go/analysis"
)

// twoKernels has a barrier in each of two kernels.
const twoKernels = `__global__ void first_kernel(float* x) {
  x[threadIdx.x] = 1.f;
  __syncthreads();
}

__global__ void second_kernel(float* x) {
  x[threadIdx.x] = 2.f;
  __syncthreads();
}
`

// TestOneKernelPanics checks the isolation contract at the command: a
// checker that panics on one kernel yields one internal-error line naming
// the checker and the kernel, every other finding (of that checker on the
// other kernel, and of the other checker everywhere) is printed, and the
// exit status is 3.
func TestOneKernelPanics(t *testing.T) {
	picky := &analysis.Analyzer{
		Name: "picky", Doc: "picky: reports every kernel, panics on second_kernel",
		Requires: []*analysis.Analyzer{cudair.Analyzer},
		Run: func(pass *analysis.Pass) (any, error) {
			f := cudair.Of(pass).Func
			if f.Name == "second_kernel" {
				var xs []int
				_ = xs[len(f.Name)] // an index out of range, as a buggy checker would
			}
			pass.Reportf(f.P, "kernel %s", f.Name)
			return nil, nil
		},
	}
	reg := checkers.Registry{{Analyzer: fake, Severity: checkers.Warning, Default: true}, {Analyzer: picky, Severity: checkers.Error, Default: true}}
	file := filepath.Join(t.TempDir(), "two.cu")
	if err := os.WriteFile(file, []byte(twoKernels), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, jobs := range []string{"-j=1", "-j=4"} {
		var stdout, stderr bytes.Buffer
		a := &app{registry: reg, stdout: &stdout, stderr: &stderr}
		code := a.main([]string{jobs, file})
		wantExit(t, code, exitIncomplete, stdout.String(), stderr.String())
		wantOut := file + ":1:17: kernel first_kernel (picky)\n" +
			file + ":3:3: barrier __syncthreads (fake)\n" +
			file + ":8:3: barrier __syncthreads (fake)\n"
		if stdout.String() != wantOut {
			t.Errorf("%s: stdout:\n%s\nwant:\n%s", jobs, stdout.String(), wantOut)
		}
		ierrs := 0
		for _, line := range strings.Split(stderr.String(), "\n") {
			if strings.Contains(line, "internal error") {
				ierrs++
				if !strings.Contains(line, "picky on kernel second_kernel: runtime error: index out of range") {
					t.Errorf("%s: internal error line %q does not name the checker, the kernel and the panic", jobs, line)
				}
			}
		}
		if ierrs != 1 {
			t.Errorf("%s: %d internal error lines, want 1:\n%s", jobs, ierrs, stderr.String())
		}
	}
}

// TestNoWriteWithoutFix runs a checker that suggests a fix at every
// barrier: without -fix the analysed file keeps its bytes and its
// modification time; with -fix the fixes are written.
func TestNoWriteWithoutFix(t *testing.T) {
	fixer := &analysis.Analyzer{
		Name: "fixer", Doc: "fixer: suggests a comment before every barrier",
		Requires: []*analysis.Analyzer{cudair.Analyzer},
		Run: func(pass *analysis.Pass) (any, error) {
			ir.Inspect(cudair.Of(pass).Func.Body, func(n ir.Node) bool {
				if s, ok := n.(*ir.Sync); ok {
					pass.Report(analysis.Diagnostic{Pos: s.P, Message: "barrier", SuggestedFixes: []analysis.SuggestedFix{{
						Message: "mark it", TextEdits: []analysis.TextEdit{{Pos: s.P, End: s.P, NewText: []byte("/*fixed*/ ")}}}}})
				}
				return true
			})
			return nil, nil
		},
	}
	reg := checkers.Registry{{Analyzer: fixer, Severity: checkers.Warning, Default: true}}
	file := filepath.Join(t.TempDir(), "two.cu")
	if err := os.WriteFile(file, []byte(twoKernels), 0o644); err != nil {
		t.Fatal(err)
	}
	old := time.Now().Add(-time.Hour).Truncate(time.Second)
	if err := os.Chtimes(file, old, old); err != nil {
		t.Fatal(err)
	}
	cliWith := func(args ...string) (int, string, string) {
		var stdout, stderr bytes.Buffer
		a := &app{registry: reg, stdout: &stdout, stderr: &stderr}
		return a.main(args), stdout.String(), stderr.String()
	}
	for _, args := range [][]string{{file}, {"-json", file}, {"-sarif", file}, {"-dump=ir", file}, {"-stats", "-verdicts", file}} {
		code, stdout, stderr := cliWith(args...)
		if code != exitFindings && code != exitClean {
			t.Errorf("%v: exit %d\n%s%s", args, code, stdout, stderr)
		}
		got, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		st, _ := os.Stat(file)
		if string(got) != twoKernels || !st.ModTime().Equal(old) {
			t.Fatalf("%v without -fix changed the file (mtime %v, was %v):\n%s", args, st.ModTime(), old, got)
		}
	}
	code, stdout, stderr := cliWith("-fix", file)
	wantExit(t, code, exitFindings, stdout, stderr)
	got, _ := os.ReadFile(file)
	if want := strings.ReplaceAll(twoKernels, "__syncthreads", "/*fixed*/ __syncthreads"); string(got) != want {
		t.Errorf("after -fix:\n%s\nwant:\n%s", got, want)
	}
}
