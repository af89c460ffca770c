package benchcorpus

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/cudavet/cudavet/frontend"
)

// The same seed gives the same bytes; another seed another corpus.
func TestDiverseDeterministic(t *testing.T) {
	a, err := Diverse(12, 1)
	if err != nil {
		t.Fatal(err)
	}
	b, err := Diverse(12, 1)
	if err != nil {
		t.Fatal(err)
	}
	for i := range a {
		if a[i] != b[i] {
			t.Fatalf("file %d differs between two runs with seed 1", i)
		}
	}
	c, err := Diverse(12, 2)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(a, "") == strings.Join(c, "") {
		t.Error("seeds 1 and 2 give the same corpus")
	}
}

// fileNumber matches what carries a file's number: names and the header.
var fileNumber = regexp.MustCompile(`(?i)d[0-9]{3}|file [0-9]+\)`)

// Every file differs from the others in more than its names, has 100 to
// 200 lines and 2 to 4 kernels, and each kernel family appears somewhere.
func TestDiverseFilesDistinct(t *testing.T) {
	texts, err := Diverse(32, 1)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]int{}
	for i, text := range texts {
		key := fileNumber.ReplaceAllString(text, "N")
		if j, ok := seen[key]; ok {
			t.Errorf("files %d and %d differ only in their names", j, i)
		}
		seen[key] = i
		if n := strings.Count(text, "\n"); n < diverseMinLines || n > diverseMaxLines {
			t.Errorf("file %d has %d lines, want %d to %d", i, n, diverseMinLines, diverseMaxLines)
		}
		if n := strings.Count(text, "__global__"); n < 2 || n > 4 {
			t.Errorf("file %d has %d kernels, want 2 to 4", i, n)
		}
	}
	all := strings.Join(texts, "")
	for _, s := range diverseShapes {
		if !strings.Contains(all, "void "+s.name+"_d") {
			t.Errorf("no file has the %s family", s.name)
		}
	}
}

func TestWriteDiverse(t *testing.T) {
	dir := t.TempDir()
	paths, err := WriteDiverse(dir, 3, 5)
	if err != nil {
		t.Fatal(err)
	}
	texts, _ := Diverse(3, 5)
	for i, p := range paths {
		if filepath.Base(p) != []string{"diverse_000.cu", "diverse_001.cu", "diverse_002.cu"}[i] {
			t.Errorf("path %d is %s", i, p)
		}
		got, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != texts[i] {
			t.Errorf("%s is not Diverse's file %d", p, i)
		}
	}
}

// The files parse with the shim and lower without an Unknown, so that the
// benchmark measures analysis, not recovery. 48 files cover every family
// and most variants; -short parses 12.
func TestDiverseLowers(t *testing.T) {
	n := 48
	if testing.Short() {
		n = 12
	}
	dir := t.TempDir()
	if _, err := WriteDiverse(dir, n, 3); err != nil {
		t.Fatal(err)
	}
	prog, err := frontend.Load(&frontend.Config{Dir: dir}, ".")
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range prog.Diagnostics {
		t.Errorf("%s: %s", prog.Fset.Position(d.Pos), d.Message)
	}
	s := prog.Stats
	if s.ParseErrors != 0 || s.UnknownStmts != 0 || s.UnknownExprs != 0 {
		t.Errorf("%d files with parse errors, %d unknown statements, %d unknown expressions (%v)",
			s.ParseErrors, s.UnknownStmts, s.UnknownExprs, s.Unknown)
	}
	if s.Kernels < 2*n {
		t.Errorf("%d kernels in %d files", s.Kernels, n)
	}
}
