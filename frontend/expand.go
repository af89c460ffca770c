package frontend

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// sourceExts are the files a directory pattern matches. Headers (.cuh)
// are parsed on their own only when no .cu file of the run includes them.
var sourceExts = map[string]bool{".cu": true, ".cuh": true}

// bindingExts are the C++ sources a directory pattern matches when they
// are CUDA bindings (bindingFile): the .cpp binding that fills a params
// struct and calls the launcher a .cu defines.
var bindingExts = map[string]bool{".cpp": true, ".cc": true, ".cxx": true}

// IsSource reports whether a unit is a source (parsed on its own) rather
// than a header (parsed on its own only when no source includes it).
func IsSource(name string) bool {
	ext := filepath.Ext(name)
	return ext == ".cu" || bindingExts[ext]
}

// bindingFile reports whether a C++ source is a CUDA binding: it includes
// the torch, ATen or TVM-FFI headers and a CUDA header (<ATen/cuda/CUDAContext.h>,
// <c10/cuda/CUDAGuard.h>, <cuda_runtime.h>, a project's "cuda_utils.h").
// Other C++ files of a tree (CPU kernels, op registration, tests, CUTLASS
// profilers) hold no CUDA launch path and often do not parse as CUDA.
func bindingFile(path string) bool {
	b, err := os.ReadFile(path)
	if err != nil {
		return false
	}
	torch, cuda := false, false
	for line := range bytes.Lines(b) {
		line = bytes.TrimSpace(line)
		if !bytes.HasPrefix(line, []byte("#")) || !bytes.Contains(line, []byte("include")) {
			continue
		}
		for _, mark := range []string{"torch/", "ATen/", "tvm/ffi/"} {
			torch = torch || bytes.Contains(line, []byte(mark))
		}
		cuda = cuda || bytes.Contains(bytes.ToLower(line), []byte("cuda"))
	}
	return torch && cuda
}

// expand resolves patterns to the absolute names of the files to parse, in
// sorted order, and the directories whose headers are analysed. A pattern
// is a file, a directory (its own files) or dir/... (the whole tree;
// hidden directories are skipped).
func expand(dir string, patterns []string) (units, roots []string, err error) {
	if len(patterns) == 0 {
		patterns = []string{"."}
	}
	seen := map[string]bool{}
	add := func(name string) {
		if !seen[name] {
			seen[name] = true
			units = append(units, name)
		}
	}
	for _, p := range patterns {
		recursive := false
		if p == "..." || strings.HasSuffix(p, "/...") {
			recursive = true
			p = strings.TrimSuffix(strings.TrimSuffix(p, "..."), "/")
			if p == "" {
				p = "."
			}
		}
		abs := p
		if !filepath.IsAbs(abs) {
			abs = filepath.Join(dir, p)
		}
		if abs, err = filepath.Abs(abs); err != nil {
			return nil, nil, err
		}
		st, err := os.Stat(abs)
		if err != nil {
			return nil, nil, fmt.Errorf("pattern %s: %w", p, err)
		}
		if !st.IsDir() {
			if recursive {
				return nil, nil, fmt.Errorf("pattern %s/...: not a directory", p)
			}
			add(abs)
			roots = append(roots, filepath.Dir(abs))
			continue
		}
		roots = append(roots, abs)
		n, err := walk(abs, recursive, add)
		if err != nil {
			return nil, nil, err
		}
		if n == 0 {
			return nil, nil, fmt.Errorf("pattern %s: no .cu or .cuh files", p)
		}
	}
	sort.Strings(units)
	return units, roots, nil
}

func walk(root string, recursive bool, add func(string)) (int, error) {
	n := 0
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if path != root && (!recursive || strings.HasPrefix(d.Name(), ".")) {
				return filepath.SkipDir
			}
			return nil
		}
		if sourceExts[filepath.Ext(path)] {
			add(path)
			n++
		} else if bindingExts[filepath.Ext(path)] && bindingFile(path) {
			add(path)
		}
		return nil
	})
	if err != nil && !errors.Is(err, fs.SkipDir) {
		return n, err
	}
	return n, nil
}
