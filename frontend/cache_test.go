package frontend

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A cached unit is reparsed with the overlay's new text: the second Load
// sees the edit, and a closed cache refuses to parse. The first Load's
// unit is not the cached one (that is built in the background).
func TestParseCache(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "k.cu")
	src := "#include <torch/all.h>\n__global__ void before(float* p) { p[threadIdx.x] = 0; }\n"
	if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	cache := NewParseCache()
	defer cache.Close()
	names := func(over string) []string {
		cfg := &Config{Cache: cache}
		if over != "" {
			cfg.Overlay = map[string][]byte{file: []byte(over)}
		}
		prog, err := Load(cfg, file)
		if err != nil {
			t.Fatal(err)
		}
		if len(prog.Diagnostics) > 0 {
			t.Fatalf("diagnostics: %v", prog.Diagnostics[0].Message)
		}
		var out []string
		for _, f := range prog.Funcs {
			out = append(out, f.Name)
		}
		return out
	}
	if got := names(""); strings.Join(got, ",") != "before" {
		t.Errorf("first load: %v", got)
	}
	// The first load parsed with the shim's preamble and left the unit
	// with the file's own preamble to be built in the background; the
	// next load reparses that one.
	cache.pending.Wait()
	cache.mu.Lock()
	e := cache.entries[file]
	cache.mu.Unlock()
	e.mu.Lock()
	built := !e.tu.IsNil() && e.args != ""
	e.mu.Unlock()
	if !built {
		t.Error("no cached unit after the first load")
	}
	edited := strings.Replace(src, "before", "after", 1)
	if got := names(edited); strings.Join(got, ",") != "after" {
		t.Errorf("after the edit: %v", got)
	}
	cache.Forget(file)
	if got := names(""); strings.Join(got, ",") != "before" {
		t.Errorf("after Forget: %v", got)
	}
}

// BenchmarkReparse compares a fresh parse of a torch-including file with
// a cached reparse after an edit.
func BenchmarkReparse(b *testing.B) {
	dir := b.TempDir()
	file := filepath.Join(dir, "k.cu")
	src := "#include <torch/all.h>\n#include <ATen/cuda/CUDAContext.h>\n__global__ void k(float* p) { p[threadIdx.x] = 0; }\n"
	if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
		b.Fatal(err)
	}
	b.Run("fresh", func(b *testing.B) {
		for b.Loop() {
			if _, err := Load(&Config{}, file); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("cached", func(b *testing.B) {
		cache := NewParseCache()
		defer cache.Close()
		if _, err := Load(&Config{Cache: cache}, file); err != nil {
			b.Fatal(err)
		}
		for i := 0; b.Loop(); i++ {
			over := map[string][]byte{file: []byte(src + strings.Repeat("\n", i%3))}
			if _, err := Load(&Config{Cache: cache, Overlay: over}, file); err != nil {
				b.Fatal(err)
			}
		}
	})
}
