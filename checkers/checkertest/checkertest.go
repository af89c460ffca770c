// Package checkertest runs an analyzer over CUDA testdata files and checks
// its diagnostics against the files' `// want` comments, the way
// golang.org/x/tools/go/analysis/analysistest does for Go packages.
//
// Each file is loaded on its own (frontend.Load), run through the driver
// with the analyzer alone, and checked both ways: every expectation must be
// met by a diagnostic of that analyzer on its line, and every diagnostic
// must be expected. Expectations are Go string literals holding regexps:
//
//	x = s[tid];        // want "out of bounds" `index \d+`
//	// want +1 "barrier"
//	__syncthreads();
//	#define SYNC() if (tid) __syncthreads() /* want "barrier" */
//
// A test fails, naming file:line, when a testdata file does not parse
// cleanly (testdata must parse), on any internal error, on an unexpected
// diagnostic (the analyzer's, or an "annotation" or "ignore" one) and on
// an unmet expectation. Lowering diagnostics are logged, not failures.
//
// Files: checkertest.go (Run, TestData, matching) and want.go (parsing
// want comments).
package checkertest

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/cudavet/cudavet/checkers/driver"
	"github.com/cudavet/cudavet/frontend"
	"golang.org/x/tools/go/analysis"
)

// TestData returns the absolute path of the testdata directory of the
// calling test's package (tests run in their package directory).
func TestData() string {
	dir, err := filepath.Abs("testdata")
	if err != nil {
		panic(err)
	}
	return dir
}

// Run checks analyzer a on each file of dir matching one of patterns
// (filepath.Match globs relative to dir, such as "bug_*.cu" and
// "ok_*.cu"), each file in a subtest named after it. It returns the
// driver's results, in file order. A pattern that matches no file is an
// error.
func Run(t *testing.T, dir string, a *analysis.Analyzer, patterns ...string) []*driver.Result {
	t.Helper()
	files, err := expand(dir, patterns)
	if err != nil {
		t.Fatal(err)
	}
	var results []*driver.Result
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			t.Helper()
			if res := runFile(t, file, a); res != nil {
				results = append(results, res)
			}
		})
	}
	return results
}

// expand returns the absolute, sorted, distinct files the patterns match.
func expand(dir string, patterns []string) ([]string, error) {
	dir, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	if len(patterns) == 0 {
		return nil, fmt.Errorf("checkertest.Run: no file patterns")
	}
	var files []string
	for _, p := range patterns {
		m, err := filepath.Glob(filepath.Join(dir, p))
		if err != nil {
			return nil, fmt.Errorf("pattern %q: %w", p, err)
		}
		if len(m) == 0 {
			return nil, fmt.Errorf("pattern %q matches no file in %s", p, dir)
		}
		files = append(files, m...)
	}
	slices.Sort(files)
	return slices.Compact(files), nil
}

// reporter is the part of testing.T that check uses (tests of the harness
// record the failures instead).
type reporter interface {
	Helper()
	Errorf(format string, args ...any)
	Logf(format string, args ...any)
}

// runFile loads one file, runs a on it and checks the result.
func runFile(t reporter, file string, a *analysis.Analyzer) *driver.Result {
	t.Helper()
	prog, err := frontend.Load(&frontend.Config{}, file)
	if err != nil {
		t.Errorf("%s: load: %v", file, err)
		return nil
	}
	res, err := driver.Run(prog, driver.Config{Analyzers: []*analysis.Analyzer{a}})
	if err != nil {
		t.Errorf("%s: %v", file, err)
		return nil
	}
	var exps []*expectation
	for _, f := range prog.Files {
		src, err := os.ReadFile(f.Name)
		if err != nil {
			t.Errorf("%s: %v", f.Name, err)
			continue
		}
		es, errs := parseWants(canonical(f.Name), string(src))
		for _, err := range errs {
			t.Errorf("%v", err)
		}
		exps = append(exps, es...)
	}
	check(t, a.Name, res.Diagnostics, exps)
	return res
}

// check matches diagnostics against expectations, each expectation met by
// at most one diagnostic, and reports the differences as file:line.
func check(r reporter, name string, diags []driver.Diagnostic, exps []*expectation) {
	r.Helper()
	for _, d := range diags {
		where := fmt.Sprintf("%s:%d", d.Position.Filename, d.Position.Line)
		switch {
		case driver.Incomplete(d.Category):
			r.Errorf("%s: %s", where, d.Message)
			continue
		case d.Checker == "parse":
			r.Errorf("%s: testdata must parse cleanly: %s", where, d.Message)
			continue
		case d.Checker == "lower":
			r.Logf("%s: lowering: %s", where, d.Message)
			continue
		}
		if !meet(exps, d) {
			r.Errorf("%s: unexpected diagnostic: %s (%s)", where, d.Message, d.Checker)
		}
	}
	for _, e := range exps {
		if !e.used {
			r.Errorf("%s:%d: no diagnostic of %s was reported matching %q", e.file, e.line, name, e.re)
		}
	}
}

// meet marks the first unused expectation on d's line that d's message
// matches, and reports whether there was one.
func meet(exps []*expectation, d driver.Diagnostic) bool {
	file := canonical(d.Position.Filename)
	for _, e := range exps {
		if !e.used && e.file == file && e.line == d.Position.Line && e.re.MatchString(d.Message) {
			e.used = true
			return true
		}
	}
	return false
}

// canonical makes file names from the front end and from the pattern
// expansion comparable.
func canonical(name string) string {
	if abs, err := filepath.Abs(name); err == nil {
		return abs
	}
	return filepath.Clean(name)
}
