package frontend

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// pchFiles lists the preambles of the cache under home.
func pchFiles(t *testing.T, home string) []string {
	t.Helper()
	m, err := filepath.Glob(filepath.Join(home, "cudavet", "pch", "preamble-*.pch"))
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// freshPCHCache points the user cache directory at a new temporary one
// and forgets the preambles built so far (they lie in another cache); it
// returns the new cache directory.
func freshPCHCache(t *testing.T) string {
	t.Helper()
	home := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", home)
	preambles = pchSet{}
	t.Cleanup(func() { preambles = pchSet{} })
	return home
}

// TestPCHSharedAcrossDirs: runs from different directories (each a root,
// so an -I of its own) share one preamble; a directory holding a file
// named like one the preamble includes keeps its own, as clang would find
// that file first.
func TestPCHSharedAcrossDirs(t *testing.T) {
	home := freshPCHCache(t)
	const src = "#include <vector>\nstatic int h() { std::vector<int> v(3); return (int)v.size(); }\n__global__ void k(float* x) { x[threadIdx.x] = 1; }\n"
	load := func(dir string) {
		t.Helper()
		name := filepath.Join(dir, "k.cu")
		if err := os.WriteFile(name, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		prog, err := Load(&Config{Jobs: 1}, name)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range prog.Diagnostics {
			t.Errorf("%s: %s", dir, d.Message)
		}
		if len(prog.Funcs) == 0 {
			t.Errorf("%s: no function lowered", dir)
		}
	}
	load(t.TempDir())
	load(t.TempDir())
	if got := pchFiles(t, home); len(got) != 1 {
		t.Fatalf("two directories built %d preambles, want 1: %v", len(got), got)
	}
	shadow := t.TempDir()
	if err := os.WriteFile(filepath.Join(shadow, "vector"), []byte("#include_next <vector>\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	load(shadow)
	if got := pchFiles(t, home); len(got) != 2 {
		t.Fatalf("a directory with its own <vector>: %d preambles, want 2 (its own): %v", len(got), got)
	}
}

func TestSplitIncludeDirs(t *testing.T) {
	args := []string{"-x", "cuda", "-I/a", "-I", "/b", "-isystem", "/c", "-iquote/d", "-isystem", "/__cudavet__/include", "-include", "p.h", "-DX"}
	out, dirs := splitIncludeDirs(args)
	if got, want := strings.Join(out, " "), "-x cuda -isystem /__cudavet__/include -include p.h -DX"; got != want {
		t.Errorf("args %q, want %q", got, want)
	}
	var names []string
	for _, d := range dirs {
		names = append(names, d.dir)
	}
	if got, want := strings.Join(names, " "), "/a /b /c /d"; got != want {
		t.Errorf("dirs %q, want %q", got, want)
	}
}

// TestPrunePCH: beyond the keepPCH most recently used, preambles unused
// for pchIdle go, with their names files and old temporaries; recent ones
// and the one just built stay.
func TestPrunePCH(t *testing.T) {
	dir := t.TempDir()
	now := time.Now()
	touch := func(name string, age time.Duration) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(p, now.Add(-age), now.Add(-age)); err != nil {
			t.Fatal(err)
		}
		return p
	}
	var old []string
	for i := range 12 {
		name := "preamble-" + string(rune('a'+i)) + ".pch"
		old = append(old, touch(name, time.Duration(i+2)*time.Hour))
		touch(strings.TrimSuffix(name, ".pch")+".names", time.Duration(i+2)*time.Hour)
	}
	recent := touch("preamble-recent.pch", 10*time.Minute)
	tmpOld, tmpNew := touch("tmp-1.pch", 2*time.Hour), touch("tmp-2.pch", time.Minute)
	kept := old[11] // the oldest, just built
	prunePCH(dir, kept, now)
	exists := func(p string) bool { _, err := os.Stat(p); return err == nil }
	// Kept: recent, the 7 newest old ones (8 with recent), and kept.
	for i, p := range old {
		want := i < 7 || p == kept
		if exists(p) != want {
			t.Errorf("%s: exists %v, want %v", filepath.Base(p), exists(p), want)
		}
		if exists(namesFile(p)) != want {
			t.Errorf("%s: exists %v, want %v", filepath.Base(namesFile(p)), exists(namesFile(p)), want)
		}
	}
	if !exists(recent) || !exists(tmpNew) || exists(tmpOld) {
		t.Errorf("recent %v, new temporary %v, old temporary %v; want true, true, false", exists(recent), exists(tmpNew), exists(tmpOld))
	}
}
