package driver_test

import (
	"errors"
	"testing"

	"github.com/cudavet/cudavet/checkers/cudair"
	"github.com/cudavet/cudavet/checkers/driver"
	"github.com/cudavet/cudavet/frontend/ir"
	"golang.org/x/tools/go/analysis"
)

const suppressSrc = `__global__ void k(float* x) {
  // cudavet:ignore[s] every thread of the block reaches this barrier
  __syncthreads();
  __syncthreads(); // cudavet:ignore[s] uniform branch
  __syncthreads(); // cudavet:ignore[s]
  __syncthreads(); // cudavet:ignore[other, s] both listed
  // cudavet:ignore[s] nothing to suppress below
  x[0] = 1.f;
  // cudavet:ignore[notrun] this checker does not run
  // cudavet:ignore s brackets missing
  // cudavet:assume n > 0
  // cudavet:ignore[] empty list
}
`

func TestSuppress(t *testing.T) {
	b := newBuilder(t)
	b.fn(b.file("k.cu", suppressSrc), ir.Kernel, "k", "k")
	res := b.run(driver.Config{Analyzers: []*analysis.Analyzer{syncAnalyzer("s")}})
	wantLines(t, res,
		"k.cu:5:3: s: sync here",
		"k.cu:5:20: ignore: cudavet:ignore[s] directive needs a reason after the checker list; it suppresses nothing",
		"k.cu:7:3: ignore: this cudavet:ignore[s] directive suppresses nothing",
		`k.cu:10:3: ignore: malformed cudavet:ignore directive "ignore s brackets missing": want // cudavet:ignore[checker,...] reason`,
		`k.cu:12:3: ignore: malformed cudavet:ignore directive "ignore[] empty list": want // cudavet:ignore[checker,...] reason`,
	)
	if s := res.Stats; s.Suppressed != 3 || s.Checker("s").Suppressed != 3 || s.Checker("s").Findings != 1 {
		t.Errorf("stats %+v %+v", s, s.Checker("s"))
	}
	for _, d := range res.Diagnostics[1:] {
		if d.Category != driver.Ignore {
			t.Errorf("%s: category %q, want %q", d.Position, d.Category, driver.Ignore)
		}
	}
}

// TestSuppressUnreadable checks that an ignore whose file cannot be read
// covers its line and the next, as it cannot tell whether it is alone.
func TestSuppressUnreadable(t *testing.T) {
	b := newBuilder(t)
	b.fn(b.file("k.cu", "__global__ void k() {\n  __syncthreads(); // cudavet:ignore[s] ok\n  __syncthreads();\n  __syncthreads();\n}\n"), ir.Kernel, "k", "k")
	cfg := driver.Config{
		Analyzers: []*analysis.Analyzer{syncAnalyzer("s")},
		ReadFile:  func(string) ([]byte, error) { return nil, errors.New("gone") },
	}
	wantLines(t, b.run(cfg), "k.cu:4:3: s: sync here")
}

// TestUnusedIgnoreAfterInternalError checks that an ignore naming a
// checker that failed somewhere is not reported as unused.
func TestUnusedIgnoreAfterInternalError(t *testing.T) {
	b := newBuilder(t)
	b.fn(b.file("k.cu", "__global__ void k() {\n  // cudavet:ignore[p] the finding is not computed\n  int x;\n}\n"), ir.Kernel, "k", "k")
	p := &analysis.Analyzer{Name: "p", Doc: "p: panics", Requires: []*analysis.Analyzer{cudair.Analyzer},
		Run: func(*analysis.Pass) (any, error) { panic("no") }}
	wantLines(t, b.run(driver.Config{Analyzers: []*analysis.Analyzer{p}}),
		"k.cu:1:17: p: internal error: p on kernel k: no")
}

// TestUnusedIgnoreAfterParseError checks that an ignore in a file that did
// not parse is not reported as unused: the parse error may have hidden
// its finding.
func TestUnusedIgnoreAfterParseError(t *testing.T) {
	b := newBuilder(t)
	b.fn(b.file("k.cu", "__global__ void k() {\n  // cudavet:ignore[s] hidden by the parse error\n  undeclared();\n}\n"), ir.Kernel, "k", "k")
	b.prog.Diagnostics = []*ir.Diagnostic{{Pos: b.pos("k.cu", "undeclared", 0), Category: "parse", Message: "use of undeclared identifier"}}
	wantLines(t, b.run(driver.Config{Analyzers: []*analysis.Analyzer{syncAnalyzer("s")}}),
		"k.cu:3:3: parse: use of undeclared identifier")
}

const suppressFileSrc = `// cudavet:ignore-file[s] this file's barriers are all reached by the whole block
// cudavet:ignore-file[s]
// cudavet:ignore-file s no brackets
__global__ void k(float* x) {
  __syncthreads();
  __syncthreads(); // cudavet:ignore[s] a line's ignore is used first
}
`

// TestSuppressFile: an ignore-file directive covers its whole file, needs a
// reason, and is reported when it suppresses nothing.
func TestSuppressFile(t *testing.T) {
	b := newBuilder(t)
	b.fn(b.file("k.cu", suppressFileSrc), ir.Kernel, "k", "k")
	b.file("other.cu", "// cudavet:ignore-file[s] nothing of s in this file\n")
	res := b.run(driver.Config{Analyzers: []*analysis.Analyzer{syncAnalyzer("s")}})
	wantLines(t, res,
		"k.cu:2:1: ignore: cudavet:ignore-file[s] directive needs a reason after the checker list; it suppresses nothing",
		`k.cu:3:1: ignore: malformed cudavet:ignore-file directive "ignore-file s no brackets": want // cudavet:ignore-file[checker,...] reason`,
		"other.cu:1:1: ignore: this cudavet:ignore-file[s] directive suppresses nothing",
	)
	if s := res.Stats; s.Suppressed != 2 {
		t.Errorf("suppressed %d, want 2", s.Suppressed)
	}
	// With SkipUnusedIgnores the unused one is not reported; the others are.
	res = b.run(driver.Config{Analyzers: []*analysis.Analyzer{syncAnalyzer("s")}, SkipUnusedIgnores: true})
	if len(res.Diagnostics) != 2 {
		t.Errorf("SkipUnusedIgnores: %q", lines(res))
	}
}
