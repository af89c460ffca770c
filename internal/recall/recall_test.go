package recall

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

const fix = "1111111111111111111111111111111111111111"
const parent = "2222222222222222222222222222222222222222"

func row() *Row {
	return &Row{ID: "vllm-001", Repo: "vllm", Fix: fix, Parent: parent, Class: "overflow",
		Files: []string{"csrc/a.cuh", "csrc/b.cu"}, Lines: map[string][]int{"csrc/a.cuh": {40, 41}}}
}

func TestLoadAndValidate(t *testing.T) {
	dir := t.TempDir()
	good := "- id: vllm-001\n  repo: vllm\n  fix: " + fix + "\n  parent: " + parent +
		"\n  class: race\n  files: [csrc/a.cu]\n  lines:\n    csrc/a.cu: [3]\n  trigger: two threads\n"
	os.WriteFile(filepath.Join(dir, "v.yaml"), []byte(good), 0o644)
	rows, err := Load(dir)
	if err != nil || len(rows) != 1 || rows[0].Lines["csrc/a.cu"][0] != 3 {
		t.Fatalf("Load = %+v, %v", rows, err)
	}
	if got := rows[0].CheckersOf(); len(got) != 1 || got[0] != "race" {
		t.Errorf("CheckersOf = %v", got)
	}
	for name, mutate := range map[string]func(r *Row){
		"class":        func(r *Row) { r.Class = "oob" },
		"sha":          func(r *Row) { r.Fix = "abc" },
		"foreign line": func(r *Row) { r.Lines["csrc/c.cu"] = []int{1} },
		"line 0":       func(r *Row) { r.Lines["csrc/a.cuh"] = []int{0} },
		"abs file":     func(r *Row) { r.Files = append(r.Files, "/etc/passwd") },
		"dotdot file":  func(r *Row) { r.Files = append(r.Files, "../x.cu") },
	} {
		r := row()
		mutate(r)
		if err := r.Validate(); err == nil {
			t.Errorf("%s: Validate accepted %+v", name, r)
		}
	}
	os.WriteFile(filepath.Join(dir, "w.yaml"), []byte(good), 0o644)
	if _, err := Load(dir); err == nil || !strings.Contains(err.Error(), "already") {
		t.Errorf("Load of a duplicate id: %v", err)
	}
}

func out(t *testing.T, diags string) *Output {
	t.Helper()
	o, err := ParseOutput([]byte(`{"version":1,"diagnostics":[` + diags + `],"stats":{"files":2,"units":3,"kernels":1}}`))
	if err != nil {
		t.Fatal(err)
	}
	return o
}

func TestHit(t *testing.T) {
	r := row()
	for _, c := range []struct {
		diag string
		hit  bool
	}{
		{`{"checker":"overflow","kind":"finding","file":"csrc/a.cuh","line":44}`, true},
		{`{"checker":"overflow","kind":"finding","file":"/tree/csrc/a.cuh","line":37}`, true},
		{`{"checker":"overflow","kind":"finding","file":"csrc/a.cuh","line":45}`, false},
		{`{"checker":"bounds","kind":"finding","file":"csrc/a.cuh","line":40}`, false},
		{`{"checker":"overflow","kind":"note","file":"csrc/a.cuh","line":40}`, false},
		{`{"checker":"overflow","kind":"finding","file":"csrc/b.cu","line":40}`, false},
		// A finding elsewhere whose suggested fix edits the buggy line.
		{`{"checker":"overflow","kind":"finding","file":"csrc/b.cu","line":9,"suggested_fixes":[{"edits":[{"file":"csrc/a.cuh","line":30,"end_line":38}]}]}`, true},
	} {
		if got := Hit(r, out(t, c.diag), "/tree") != nil; got != c.hit {
			t.Errorf("Hit(%s) = %v, want %v", c.diag, got, c.hit)
		}
	}
}

func TestClassify(t *testing.T) {
	parse := `{"checker":"parse","kind":"incomplete","file":"csrc/b.cu","line":1,"message":"cute.hpp not found, blocking 2 files (csrc/b.cu, csrc/a.cuh)"}`
	for _, c := range []struct {
		diags, stderr, want string
	}{
		{`{"checker":"overflow","kind":"finding","file":"csrc/a.cuh","line":41,"message":"x overflows"}`, "", Found},
		{parse, "", Unread},
		{`{"checker":"parse","kind":"incomplete","file":"csrc/b.cu","line":1,"message":"x.h not found"}`, "", Missed},
		{`{"checker":"driver","kind":"incomplete","file":"","line":0,"message":"-timeout 2m0s passed: 3 functions not analysed"}`, "", Timeout},
		{``, "cudavet: -timeout 2m0s passed and the run did not stop", Timeout},
		{`{"checker":"race","kind":"finding","file":"csrc/a.cuh","line":41}`, "", Missed},
		// The access is in a helper; its trace names the call at a labelled line.
		{`{"checker":"overflow","kind":"finding","file":"csrc/v.cuh","line":9,"related":[{"file":"csrc/a.cuh","line":40,"message":"inlined from this call"}]}`, "", CallSite},
		// A witness line at a labelled line is not a call site.
		{`{"checker":"overflow","kind":"finding","file":"csrc/v.cuh","line":9,"related":[{"file":"csrc/a.cuh","line":40,"message":"launched here"}]}`, "", Missed},
	} {
		res := &Result{Row: row()}
		classify(res, out(t, c.diags), "/tree", c.stderr)
		if res.Outcome != c.want {
			t.Errorf("classify(%s, %q) = %s (%s), want %s", c.diags, c.stderr, res.Outcome, res.Detail, c.want)
		}
	}
}

func TestCutlassRev(t *testing.T) {
	for _, c := range []struct{ cmake, want string }{
		{`set(CUTLASS_REVISION "v4.4.2" CACHE STRING "CUTLASS revision")`, "v4.4.2"},
		{"FetchContent_Declare(\n  cutlass\n  GIT_REPOSITORY https://github.com/nvidia/cutlass.git\n  GIT_TAG v3.5.1\n  GIT_PROGRESS TRUE)", "v3.5.1"},
		{"FetchContent_Declare(\n  cutlass\n  GIT_TAG ${CUTLASS_REVISION})", ""},
		{"project(x)", ""},
	} {
		tree := t.TempDir()
		os.WriteFile(filepath.Join(tree, "CMakeLists.txt"), []byte(c.cmake), 0o644)
		if got := CutlassRev(t.TempDir(), parent, tree); got != c.want {
			t.Errorf("CutlassRev(%q) = %q, want %q", c.cmake, got, c.want)
		}
	}
}

// TestSpdlogRev resolves a tree's spdlog submodule: its pinned commit when
// the spdlog directory has it, that directory's newest commit when not, and
// nothing for a tree without the submodule.
func TestSpdlogRev(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	run := func(dir string, args ...string) string {
		t.Helper()
		cmd := exec.Command("git", append([]string{"-C", dir}, args...)...)
		cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@t", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@t")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
		return strings.TrimSpace(string(out))
	}
	spdlog := t.TempDir()
	run(spdlog, "init", "-q")
	os.MkdirAll(filepath.Join(spdlog, "include", "spdlog"), 0o755)
	os.WriteFile(filepath.Join(spdlog, "include", "spdlog", "spdlog.h"), []byte("#pragma once\n"), 0o644)
	run(spdlog, "add", ".")
	run(spdlog, "commit", "-q", "-m", "old")
	old := run(spdlog, "rev-parse", "HEAD")
	run(spdlog, "commit", "-q", "--allow-empty", "-m", "new")
	head := run(spdlog, "rev-parse", "HEAD")

	tree := t.TempDir()
	run(tree, "init", "-q")
	os.WriteFile(filepath.Join(tree, "a.cu"), []byte("\n"), 0o644)
	run(tree, "add", "a.cu")
	run(tree, "commit", "-q", "-m", "no submodule")
	none := run(tree, "rev-parse", "HEAD")
	run(tree, "update-index", "--add", "--cacheinfo", "160000,"+old+",3rdparty/spdlog")
	run(tree, "commit", "-q", "-m", "pinned")
	pinned := run(tree, "rev-parse", "HEAD")
	absent := strings.Repeat("3", 40)
	run(tree, "update-index", "--cacheinfo", "160000,"+absent+",3rdparty/spdlog")
	run(tree, "commit", "-q", "-m", "absent")
	missing := run(tree, "rev-parse", "HEAD")

	for _, c := range []struct{ commit, want string }{{none, ""}, {pinned, old}, {missing, head}} {
		if got := SpdlogRev(spdlog, tree, c.commit); got != c.want {
			t.Errorf("SpdlogRev(%s) = %q, want %q", c.commit[:8], got, c.want)
		}
	}
	dest := filepath.Join(t.TempDir(), "spdlog")
	if err := archiveOnce(spdlog, old, dest, []string{"include"}); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dest, "include", "spdlog", "spdlog.h")); err != nil {
		t.Error(err)
	}
}

func TestSummary(t *testing.T) {
	results := []*Result{
		{Row: &Row{ID: "a", Class: "overflow"}, Outcome: Found},
		{Row: &Row{ID: "b", Class: "overflow"}, Outcome: Missed},
		{Row: &Row{ID: "c", Class: "race"}, Outcome: Unread},
	}
	var b bytes.Buffer
	if err := WriteSummary(&b, results); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "found 1 of 3 rows (33%)") {
		t.Errorf("summary:\n%s", b.String())
	}
	b.Reset()
	WriteTSV(&b, results)
	if n := strings.Count(b.String(), "\n"); n != 4 {
		t.Errorf("TSV has %d lines, want 4:\n%s", n, b.String())
	}
}

// TestCorpus loads the committed labels: every row valid, ids unique, and
// at least the 60 rows the corpus promises.
func TestCorpus(t *testing.T) {
	rows, err := Load(filepath.Join("..", "..", "testdata", "real", "recall"))
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) < 60 {
		t.Errorf("the corpus has %d rows, want at least 60", len(rows))
	}
	for _, r := range rows {
		if r.Trigger == "" {
			t.Errorf("%s: no trigger", r.ID)
		}
	}
}
