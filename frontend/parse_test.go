package frontend_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/cudavet/cudavet/frontend"
	"github.com/cudavet/cudavet/frontend/ir"
)

// TestParseDialect loads each file of testdata/parse, a miniature of one
// thing real trees contain that cudavet once failed to parse (the standard
// library torch implies, legacy THC headers, nvcc's GNU dialect, constructs
// nvcc accepts and clang rejects, CUDA graph and TMA APIs, an absent
// CUTLASS). Each file states what must hold:
//
//	// kernel: NAME   the kernel is lowered, with statements
//	// note: TEXT     a "lower" note contains TEXT (nvcc accepts, clang not)
//	// parse: REGEXP  the one "parse" diagnostic allowed matches REGEXP
//
// and no other parse diagnostic may appear.
func TestParseDialect(t *testing.T) {
	files, err := filepath.Glob("testdata/parse/*.cu")
	if err != nil || len(files) < 12 {
		t.Fatalf("want at least 12 files in testdata/parse, have %d (%v)", len(files), err)
	}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) { checkParseCase(t, file) })
	}
}

var expectLine = regexp.MustCompile(`(?m)^// (kernel|note|parse): (.+)$`)

func checkParseCase(t *testing.T, file string) {
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var kernels, notes []string
	var parse []*regexp.Regexp
	for _, m := range expectLine.FindAllStringSubmatch(string(src), -1) {
		switch m[1] {
		case "kernel":
			kernels = append(kernels, m[2])
		case "note":
			notes = append(notes, m[2])
		case "parse":
			parse = append(parse, regexp.MustCompile(m[2]))
		}
	}
	if len(kernels) == 0 {
		t.Fatal("no // kernel: line")
	}
	prog, err := frontend.Load(&frontend.Config{}, file)
	if err != nil {
		t.Fatal(err)
	}
	var gotNotes []string
	for _, d := range prog.Diagnostics {
		switch d.Category {
		case "lower":
			gotNotes = append(gotNotes, d.Message)
		case "parse":
			if !matchesAny(parse, d.Message) {
				t.Errorf("%s: unexpected parse diagnostic: %s", prog.Fset.Position(d.Pos), d.Message)
			}
		}
	}
	for _, n := range notes {
		if !containsAny(gotNotes, n) {
			t.Errorf("no note containing %q (notes: %q)", n, gotNotes)
		}
	}
	for _, k := range kernels {
		f := findKernel(prog, k)
		if f == nil {
			t.Errorf("kernel %s not lowered", k)
			continue
		}
		if n, _ := countStmts(f); n == 0 {
			t.Errorf("kernel %s lowered without statements", k)
		}
	}
}

func findKernel(prog *ir.Program, name string) *ir.Func {
	for _, f := range prog.Funcs {
		if f.Kind == ir.Kernel && (f.Base == name || strings.HasSuffix(f.Base, "::"+name)) {
			return f
		}
	}
	return nil
}

func matchesAny(res []*regexp.Regexp, s string) bool {
	for _, re := range res {
		if re.MatchString(s) {
			return true
		}
	}
	return false
}

func containsAny(xs []string, sub string) bool {
	for _, x := range xs {
		if strings.Contains(x, sub) {
			return true
		}
	}
	return false
}

// TestHeaderInContext checks that a header no file of the run includes is
// parsed with the includes of a sibling that uses its namespace, and that
// one nobody uses is said to be parsed on its own.
func TestHeaderInContext(t *testing.T) {
	prog, err := frontend.Load(&frontend.Config{}, "testdata/parse/context/...")
	if err != nil {
		t.Fatal(err)
	}
	orphan := false
	for _, d := range prog.Diagnostics {
		pos := prog.Fset.Position(d.Pos)
		if d.Category != "parse" {
			continue
		}
		if filepath.Base(pos.Filename) == "orphan.cuh" && strings.Contains(d.Message, "not included by any file of the run") {
			orphan = true
			continue
		}
		t.Errorf("%s: unexpected parse diagnostic: %s", pos, d.Message)
	}
	if !orphan {
		t.Error("orphan.cuh: no diagnostic saying it is not included by any file of the run")
	}
	for _, k := range []string{"cvq::dequant_kernel", "cvq::zero_kernel"} {
		if findKernel(prog, k) == nil {
			t.Errorf("kernel %s not lowered", k)
		}
	}
}

// TestParseCxx20 checks that a C++20 unit parses too: clang 15 cannot use
// the precompiled preamble of libstdc++ under C++20, so the frontend must
// notice and parse the prelude itself.
func TestParseCxx20(t *testing.T) {
	prog, err := frontend.Load(&frontend.Config{ClangArgs: []string{"-std=c++20"}}, "testdata/parse/std_via_torch.cu")
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range prog.Diagnostics {
		if d.Category == "parse" {
			t.Errorf("%s: %s", prog.Fset.Position(d.Pos), d.Message)
		}
	}
}

// TestHeaderContextSources checks that a header loaded without the sources
// of its run (as the CLI's result cache loads each unit) borrows its
// context from the run's sources that Config.ContextSources names.
func TestHeaderContextSources(t *testing.T) {
	header := "testdata/parse/context/dequant_impl.cuh"
	gemm, err := filepath.Abs("testdata/parse/context/gemm.cu")
	if err != nil {
		t.Fatal(err)
	}
	alone, err := frontend.Load(&frontend.Config{}, header)
	if err != nil {
		t.Fatal(err)
	}
	if !hasParseDiagnostic(alone) {
		t.Errorf("%s loaded alone: no parse diagnostic, want one (it needs gemm.cu's includes)", header)
	}
	prog, err := frontend.Load(&frontend.Config{ContextSources: []string{gemm}}, header)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range prog.Diagnostics {
		if d.Category == "parse" {
			t.Errorf("%s: unexpected parse diagnostic: %s", prog.Fset.Position(d.Pos), d.Message)
		}
	}
	if findKernel(prog, "cvq::dequant_kernel") == nil {
		t.Error("kernel cvq::dequant_kernel not lowered")
	}
}

func hasParseDiagnostic(prog *ir.Program) bool {
	for _, d := range prog.Diagnostics {
		if d.Category == "parse" {
			return true
		}
	}
	return false
}
