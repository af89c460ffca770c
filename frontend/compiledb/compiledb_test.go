package compiledb

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// A CMake-with-nvcc database uses "command"; bear writes "arguments".
const cmakeDB = `[
{
  "directory": "/src/build",
  "command": "/usr/local/cuda/bin/nvcc -forward-unknown-to-host-compiler -DTORCH_EXTENSION_NAME=_C -D'MSG=\"a b\"' -I/src/csrc -isystem /opt/cutlass/include -O3 -DNDEBUG -std=c++17 \"--generate-code=arch=compute_90a,code=[sm_90a]\" -Xcompiler=-fPIC --expt-relaxed-constexpr --threads=1 -o CMakeFiles/x.dir/a.cu.o -c /src/csrc/a.cu",
  "file": "/src/csrc/a.cu",
  "output": "CMakeFiles/x.dir/a.cu.o"
},
{
  "directory": "/src/build",
  "arguments": ["clang++", "-x", "cuda", "-I../include", "--cuda-gpu-arch=sm_80", "-c", "../csrc/b.cu"],
  "file": "../csrc/b.cu"
}
]`

func TestParse(t *testing.T) {
	db, err := Parse([]byte(cmakeDB), "/src")
	if err != nil {
		t.Fatal(err)
	}
	if got := db.Files(); !slices.Equal(got, []string{"/src/csrc/a.cu", "/src/csrc/b.cu"}) {
		t.Errorf("files %q", got)
	}
	e := db.Lookup("/src/csrc/a.cu")
	if e == nil || !slices.Contains(e.Args, `-DMSG="a b"`) {
		t.Fatalf("entry a.cu: %+v", e)
	}
	f, err := Translate(e.Args, e.Directory, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"-DTORCH_EXTENSION_NAME=_C", `-DMSG="a b"`, "-I/src/csrc", "-isystem", "/opt/cutlass/include", "-DNDEBUG", "-std=c++17"}
	if !slices.Equal(f.Args, want) || f.Arch != 900 || len(f.Unknown) != 0 {
		t.Errorf("translated %q arch %d unknown %q\nwant %q arch 900", f.Args, f.Arch, f.Unknown, want)
	}
	e = db.Lookup("/src/csrc/b.cu")
	f, _ = Translate(e.Args, e.Directory, nil)
	if !slices.Equal(f.Args, []string{"-I/src/include"}) || f.Arch != 800 {
		t.Errorf("b.cu: %q arch %d", f.Args, f.Arch)
	}
}

func TestParseErrors(t *testing.T) {
	for _, bad := range []string{`{`, `[{"directory": "/x"}]`, `[{"file": "a.cu"}]`, `[{"file": "a.cu", "command": "nvcc 'a"}]`, `{"file": "a.cu"}`} {
		if _, err := Parse([]byte(bad), "/"); err == nil {
			t.Errorf("Parse(%s): no error", bad)
		}
	}
}

func TestTranslate(t *testing.T) {
	for _, tc := range []struct {
		cmd  string
		want []string
		arch int
		unk  []string
	}{
		{"nvcc -arch=sm_90a -c x.cu", nil, 900, nil},
		{"nvcc -arch sm_100a -gencode arch=compute_80,code=sm_80 x.cu", nil, 1000, nil},
		{"nvcc -gencode=arch=compute_89,code=sm_89 -gencode=arch=compute_75,code=compute_75 x.cu", nil, 890, nil},
		{"nvcc --use_fast_math --expt-relaxed-constexpr --expt-extended-lambda x.cu", []string{"-fcuda-approx-transcendentals"}, 0, nil},
		{"nvcc -Xcompiler -fPIC,-Wall,-DHOST=1 -Xcompiler=-I/h x.cu", []string{"-DHOST=1", "-I/h"}, 0, nil},
		{"nvcc --threads 4 -t 2 -ccbin /usr/bin/g++ -Xptxas -v -MD -MT x.o -MF x.d x.cu", nil, 0, nil},
		{"nvcc -isystem=/a -isystem/b -isystem /c -iquote q --include-path /d --define-macro=X -UY x.cu",
			[]string{"-isystem", "/a", "-isystem", "/b", "-isystem", "/c", "-iquote", "/w/q", "-I/d", "-DX", "-UY"}, 0, nil},
		{"nvcc -include pre.h --pre-include=p2.h -std c++20 --std=c++17 x.cu", []string{"-include", "pre.h", "-include", "p2.h", "-std=c++20", "-std=c++17"}, 0, nil},
		{"nvcc --weird-flag -Q x.cu", nil, 0, []string{"--weird-flag", "-Q"}},
		{"g++ -Iinc -DA -lineinfo -lfoo -odir x.cc", []string{"-I/w/inc", "-DA"}, 0, nil},
	} {
		args := strings.Fields(tc.cmd)
		f, err := Translate(args, "/w", nil)
		if err != nil {
			t.Errorf("%s: %v", tc.cmd, err)
			continue
		}
		if !slices.Equal(f.Args, tc.want) || f.Arch != tc.arch || !slices.Equal(f.Unknown, tc.unk) {
			t.Errorf("%s:\n got %q arch %d unknown %q\nwant %q arch %d unknown %q", tc.cmd, f.Args, f.Arch, f.Unknown, tc.want, tc.arch, tc.unk)
		}
	}
}

func TestResponseFile(t *testing.T) {
	dir := t.TempDir()
	write(t, filepath.Join(dir, "inc.rsp"), "-I\"with space\" -DR=1 @more.rsp\n")
	write(t, filepath.Join(dir, "more.rsp"), "-arch=sm_90")
	write(t, filepath.Join(dir, "loop.rsp"), "@loop.rsp")
	f, err := Translate([]string{"nvcc", "@inc.rsp", "x.cu"}, dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"-I" + filepath.Join(dir, "with space"), "-DR=1"}; !slices.Equal(f.Args, want) || f.Arch != 900 {
		t.Errorf("got %q arch %d, want %q arch 900", f.Args, f.Arch, want)
	}
	if _, err := Translate([]string{"nvcc", "@missing.rsp"}, dir, nil); err == nil {
		t.Error("missing response file: no error")
	}
	if _, err := Translate([]string{"nvcc", "@loop.rsp"}, dir, nil); err == nil || !strings.Contains(err.Error(), "levels") {
		t.Errorf("recursive response file: %v", err)
	}
}

// TestSDKDirDropped: the CUDA toolkit's include directory would replace the
// shim's headers; it is left out.
func TestSDKDirDropped(t *testing.T) {
	dir := t.TempDir()
	write(t, filepath.Join(dir, "cuda", "include", "cuda_runtime.h"), "")
	f, _ := Translate([]string{"nvcc", "-I" + filepath.Join(dir, "cuda", "include"), "-Iproj"}, dir, nil)
	if want := []string{"-I" + filepath.Join(dir, "proj")}; !slices.Equal(f.Args, want) {
		t.Errorf("got %q, want %q", f.Args, want)
	}
}

func TestFindAndBorrow(t *testing.T) {
	root := t.TempDir()
	src := filepath.Join(root, "csrc")
	write(t, filepath.Join(src, "attn", "attn.cu"), "#include \"../common/util.cuh\"\n#include <attn/impl.cuh>\n")
	write(t, filepath.Join(src, "moe", "topk.cu"), "")
	write(t, filepath.Join(src, "moe", "topk.cuh"), "")
	write(t, filepath.Join(root, "build", FileName), `[
{"directory": "`+root+`/build", "file": "`+src+`/moe/topk.cu", "arguments": ["nvcc", "-DMOE"]},
{"directory": "`+root+`/build", "file": "`+src+`/attn/attn.cu", "arguments": ["nvcc", "-DATTN"]}]`)
	path := Find(filepath.Join(src, "attn"))
	if path != filepath.Join(root, "build", FileName) {
		t.Fatalf("Find: %q", path)
	}
	r := &Resolver{}
	for file, want := range map[string]string{
		"moe/topk.cu":       "-DMOE",  // its own
		"moe/topk.cuh":      "-DMOE",  // same stem
		"common/util.cuh":   "-DATTN", // included by attn.cu as ../common/util.cuh
		"attn/impl.cuh":     "-DATTN", // included as <attn/impl.cuh>
		"moe/other/new.cuh": "-DMOE",  // nearest directory
	} {
		if got := r.Args(filepath.Join(src, file)); !slices.Equal(got, []string{want}) {
			t.Errorf("%s: %q, want %s", file, got, want)
		}
	}
	if s := r.Stats(); s.Files != 5 || s.Borrowed != 4 || len(s.Databases) != 1 {
		t.Errorf("stats %+v", s)
	}
	if (&Resolver{}).Args("/nonexistent/dir/x.cu") != nil {
		t.Error("a file with no database got flags")
	}
}

func write(t *testing.T, name, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(name, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}
