package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
)

// A buildFlag is one flag of the project's build of a file, as the
// reproducer's nvcc takes it: Path, when set, is a directory or file
// relative to the reproducer's directory (run.sh runs there, launcher.py
// joins it to its own directory), so that the reproducers and the tree
// can move together to the GPU machine.
type buildFlag struct {
	Flag string // "-I", "-isystem", "-include", or a whole flag (-DX=1, -UX, -std=c++20)
	Path string
}

// buildFlags turns the flags a file was analysed with (the command line's
// -I and -D, the flags after "--", its compile_commands.json entry) into
// the flags its reproducers are built with: include directories, macros,
// forced includes and the C++ dialect, the flags that decide what the
// kernel's source means. Code generation is the harness's own (-O1
// -lineinfo, the device's architecture); __CUDA_ARCH__ is nvcc's.
func buildFlags(reproDir string, args []string) []buildFlag {
	rel := func(p string) string {
		abs, err := filepath.Abs(p)
		if err != nil {
			return filepath.ToSlash(p)
		}
		if r, err := filepath.Rel(reproDir, abs); err == nil {
			return filepath.ToSlash(r)
		}
		return filepath.ToSlash(abs)
	}
	var out []buildFlag
	seen := map[buildFlag]bool{}
	add := func(f buildFlag) {
		if !seen[f] {
			seen[f] = true
			out = append(out, f)
		}
	}
	for i := 0; i < len(args); i++ {
		a := args[i]
		next := func() string {
			if i+1 < len(args) {
				i++
				return args[i]
			}
			return ""
		}
		switch {
		case a == "-I" || a == "-isystem" || a == "-include":
			if v := next(); v != "" {
				add(buildFlag{Flag: a, Path: rel(v)})
			}
		case strings.HasPrefix(a, "-isystem"):
			add(buildFlag{Flag: "-isystem", Path: rel(a[len("-isystem"):])})
		case strings.HasPrefix(a, "-include"):
			add(buildFlag{Flag: "-include", Path: rel(a[len("-include"):])})
		case strings.HasPrefix(a, "-I"):
			add(buildFlag{Flag: "-I", Path: rel(a[2:])})
		case a == "-D" || a == "-U":
			if v := next(); v != "" && !strings.HasPrefix(v, "__CUDA_ARCH__") {
				add(buildFlag{Flag: a + v})
			}
		case strings.HasPrefix(a, "-D") || strings.HasPrefix(a, "-U"):
			if !strings.HasPrefix(a[2:], "__CUDA_ARCH__") {
				add(buildFlag{Flag: a})
			}
		case strings.HasPrefix(a, "-std="):
			add(buildFlag{Flag: a})
		case a == "-fcuda-approx-transcendentals" || a == "-ffast-math":
			add(buildFlag{Flag: "--use_fast_math"})
		}
	}
	return out
}

// hasStd reports whether the flags choose the C++ dialect.
func hasStd(fs []buildFlag) bool {
	for _, f := range fs {
		if strings.HasPrefix(f.Flag, "-std=") {
			return true
		}
	}
	return false
}

// shellFlags spells the flags for run.sh, single-quoted.
func shellFlags(fs []buildFlag) string {
	var parts []string
	for _, f := range fs {
		switch {
		case f.Path == "":
			parts = append(parts, shellQuote(f.Flag))
		case f.Flag == "-I":
			parts = append(parts, shellQuote("-I"+f.Path))
		default:
			parts = append(parts, f.Flag, shellQuote(f.Path))
		}
	}
	return strings.Join(parts, " ")
}

// pythonFlags spells the flags as a Python list expression for
// launcher.py, whose paths are joined to its directory (here).
func pythonFlags(fs []buildFlag) string {
	var parts []string
	str := func(s string) string {
		b, _ := json.Marshal(s)
		return string(b)
	}
	for _, f := range fs {
		path := ""
		if f.Path != "" {
			path = "os.path.normpath(os.path.join(here, " + str(f.Path) + "))"
		}
		switch {
		case f.Path == "":
			parts = append(parts, str(f.Flag))
		case f.Flag == "-I":
			parts = append(parts, `"-I" + `+path)
		default:
			parts = append(parts, str(f.Flag), path)
		}
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

func shellQuote(s string) string {
	if s != "" && strings.IndexFunc(s, func(r rune) bool {
		return !(r == '-' || r == '_' || r == '=' || r == '.' || r == '/' || r == '+' || r == ',' || r == ':' ||
			r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z')
	}) < 0 {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
