package checkertest

import (
	"fmt"
	"go/token"
	"strings"
	"testing"

	"github.com/cudavet/cudavet/checkers/driver"
)

const wantSrc = "__global__ void k(float* s) {\n" + // 1
	"  s[0] = 1; // want \"first\" `sec\\w+`\n" + // 2
	"  // want +2 \"two below\"\n" + // 3
	"  const char* m = \"// want \\\"not a comment\\\"\"; char q = '\"';\n" + // 4
	"  s[1] = 2;\n" + // 5
	"#define SYNC() __syncthreads() /* want \"in macro\" */\n" + // 6
	"  /* a block\n     comment */ s[2] = 3; // wanted: not a want comment\n" + // 7-8
	"}\n"

func TestParseWants(t *testing.T) {
	exps, errs := parseWants("k.cu", wantSrc)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	var got []string
	for _, e := range exps {
		got = append(got, fmt.Sprintf("%d %s", e.line, e.re))
	}
	want := `2 first|2 sec\w+|5 two below|6 in macro`
	if g := strings.Join(got, "|"); g != want {
		t.Errorf("expectations %s, want %s", g, want)
	}
}

func TestParseWantErrors(t *testing.T) {
	for _, src := range []string{
		"x; // want\n",
		"x; // want \"(\"\n",
		"x; // want +x \"a\"\n",
		"x; // want unquoted\n",
		"x; // want 'c'\n",
	} {
		if _, errs := parseWants("e.cu", src); len(errs) != 1 || !strings.HasPrefix(errs[0].Error(), "e.cu:1: ") {
			t.Errorf("%q: errors %v, want one at e.cu:1", src, errs)
		}
	}
}

// recorder collects a check's failures.
type recorder struct{ errors, logs []string }

func (r *recorder) Helper() {}
func (r *recorder) Errorf(format string, args ...any) {
	r.errors = append(r.errors, fmt.Sprintf(format, args...))
}
func (r *recorder) Logf(format string, args ...any) {
	r.logs = append(r.logs, fmt.Sprintf(format, args...))
}

func diag(checker, category string, line int, msg string) driver.Diagnostic {
	return driver.Diagnostic{Checker: checker, Category: category, Message: msg,
		Position: token.Position{Filename: "/t/k.cu", Line: line, Column: 3}}
}

// TestCheck checks the matching both ways, with failures naming file:line.
func TestCheck(t *testing.T) {
	exps, _ := parseWants("/t/k.cu", wantSrc)
	diags := []driver.Diagnostic{
		diag("fake", "", 2, "first finding"),
		diag("fake", "", 2, "second finding"),
		diag("fake", "", 2, "first again"), // the "first" expectation is used up
		diag("fake", "", 6, "in macro"),    // met
		diag("fake", driver.InternalError, 1, "internal error: fake on kernel k: boom"),
		diag("parse", "parse", 4, "expected ';'"),
		diag("lower", "lower", 4, "unsupported construct"),
		diag("ignore", "ignore", 7, "this cudavet:ignore[fake] directive suppresses nothing"),
	}
	var r recorder
	check(&r, "fake", diags, exps)
	want := []string{
		"/t/k.cu:2: unexpected diagnostic: first again (fake)",
		"/t/k.cu:1: internal error: fake on kernel k: boom",
		"/t/k.cu:4: testdata must parse cleanly: expected ';'",
		"/t/k.cu:7: unexpected diagnostic: this cudavet:ignore[fake] directive suppresses nothing (ignore)",
		`/t/k.cu:5: no diagnostic of fake was reported matching "two below"`,
	}
	if g, w := strings.Join(r.errors, "\n"), strings.Join(want, "\n"); g != w {
		t.Errorf("failures:\n%s\nwant:\n%s", g, w)
	}
	if len(r.logs) != 1 || !strings.Contains(r.logs[0], "unsupported construct") {
		t.Errorf("logs %q", r.logs)
	}
}

func TestExpand(t *testing.T) {
	files, err := expand("testdata", []string{"bug_*.cu", "*.cu"})
	if err != nil || len(files) < 2 {
		t.Fatalf("expand: %v %v", files, err)
	}
	for i := 1; i < len(files); i++ {
		if files[i-1] >= files[i] {
			t.Errorf("files not sorted and distinct: %v", files)
		}
	}
	if _, err := expand("testdata", []string{"nothing_*.cu"}); err == nil {
		t.Error("a pattern matching nothing is not an error")
	}
}
