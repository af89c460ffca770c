package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestFixNarrowing applies the overflow checker's fixes of narrowing
// conversions: a local initialised or assigned from a wider value is
// declared int64_t (its qualifiers kept), after which the file has no
// finding left.
func TestFixNarrowing(t *testing.T) {
	dir := t.TempDir()
	var names []string
	for _, f := range []string{"bug_narrowing_offset.cu", "bug_grid_stride_unsigned_step.cu"} {
		src, err := os.ReadFile(filepath.Join("../../checkers/overflow/testdata", f))
		if err != nil {
			t.Fatal(err)
		}
		name := filepath.Join(dir, f)
		if err := os.WriteFile(name, src, 0o644); err != nil {
			t.Fatal(err)
		}
		names = append(names, name)
	}
	if code, _, stderr := realCLI(t, append([]string{"-no-cache", "-checks", "overflow", "-fix"}, names...)...); code != exitFindings {
		t.Fatalf("-fix: exit %d, want %d\n%s", code, exitFindings, stderr)
	}
	for i, want := range []string{
		"  const int64_t offset = token * hidden_size;",
		"  for (int64_t i = blockIdx.x * blockDim.x + threadIdx.x; i < numel; i += blockDim.x * gridDim.x) {",
	} {
		got, _ := os.ReadFile(names[i])
		if !strings.Contains(string(got), want) {
			t.Errorf("%s after -fix lacks %q:\n%s", names[i], want, got)
		}
	}
	if code, stdout, stderr := realCLI(t, append([]string{"-no-cache", "-checks", "overflow"}, names...)...); code != exitClean {
		t.Errorf("after -fix: exit %d, want %d\n%s%s", code, exitClean, stdout, stderr)
	}
}
