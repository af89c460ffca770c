package compiledb

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/shlex"
)

// FuzzParse parses arbitrary bytes as a compilation database: it never
// panics, and every entry of a database that parses has an absolute,
// clean directory and file, a command line, and is found by Lookup.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		cmakeDB, "", "[]", "{", `[{"directory": "/x"}]`, `[{"file": "a.cu", "command": "nvcc 'a"}]`,
		`[{"directory": "rel/../..", "file": "../b.cu", "arguments": ["clang", "-I", ".."]}]`,
		`[{"file": "a.cu", "command": "nvcc a.cu"}, {"file": "./a.cu", "command": "gcc a.cu"}]`,
		`[{"file": "\u0000", "command": "\\"}]`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		db, err := Parse(data, "/base")
		if err != nil {
			if !strings.HasPrefix(err.Error(), "compilation database") {
				t.Errorf("error does not say what it parsed: %v", err)
			}
			return
		}
		for i, e := range db.Entries {
			for _, p := range []string{e.Directory, e.File} {
				if !filepath.IsAbs(p) || filepath.Clean(p) != p {
					t.Errorf("entry %d: %q is not absolute and clean", i, p)
				}
			}
			if len(e.Args) == 0 {
				t.Errorf("entry %d: no command line", i)
			}
			if db.Lookup(e.File) == nil {
				t.Errorf("entry %d: Lookup(%q) found nothing", i, e.File)
			}
		}
	})
}

// FuzzTranslate translates an arbitrary command line (split as a shell
// would), every response file it names holding rsp: it never panics and
// ends (response files that name themselves are bounded), and what it
// keeps is only the flags it documents, include directories absolute.
func FuzzTranslate(f *testing.F) {
	for _, s := range [][2]string{
		{"nvcc -arch=sm_90a -I inc -isystem /sys -DX=1 -UY -include pre.h -std=c++17 -c x.cu", ""},
		{"nvcc @args.rsp x.cu", "-Iother -Xcompiler=-fPIC,-DZ --use_fast_math"},
		{"clang++ @a", "@a @a"},
		{"nvcc -gencode arch=compute_89,code=sm_89 -Xcompiler -I", "-o"},
		{"g++ -I -D -std", ""},
		{"nvcc '-I=rel dir' --include-path=/x/../y", "'unterminated"},
	} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, cmdline, rsp string) {
		args, err := shlex.Split(cmdline)
		if err != nil {
			return
		}
		read := func(string) ([]byte, error) {
			if rsp == "" {
				return nil, errors.New("no such file")
			}
			return []byte(rsp), nil
		}
		fl, err := Translate(args, "/work", read)
		if err != nil {
			return
		}
		for i := 0; i < len(fl.Args); i++ {
			a := fl.Args[i]
			switch {
			case a == "-isystem" || a == "-iquote" || a == "-idirafter":
				i++
				if i == len(fl.Args) || !filepath.IsAbs(fl.Args[i]) {
					t.Errorf("%s without an absolute directory: %q", a, fl.Args)
				}
			case strings.HasPrefix(a, "-I"):
				if !filepath.IsAbs(a[2:]) {
					t.Errorf("-I of a relative directory: %q", a)
				}
			case a == "-include":
				i++
				if i == len(fl.Args) || fl.Args[i] == "" {
					t.Errorf("-include without a file: %q", fl.Args)
				}
			case strings.HasPrefix(a, "-D") && len(a) > 2, strings.HasPrefix(a, "-U") && len(a) > 2,
				strings.HasPrefix(a, "-std=") && len(a) > 5, a == "-fcuda-approx-transcendentals":
			default:
				t.Errorf("unexpected flag kept: %q", a)
			}
		}
	})
}

// TestResponseFilesBounded: response files each naming the next one 40
// times ("billion laughs") would expand to 40^7 arguments; the expansion
// stops with an error.
func TestResponseFilesBounded(t *testing.T) {
	read := func(name string) ([]byte, error) {
		level := name[len(name)-1] - '0'
		if level == 7 {
			return []byte("-DX"), nil
		}
		return []byte(strings.Repeat(fmt.Sprintf("@r%d ", level+1), 40)), nil
	}
	_, err := Translate([]string{"nvcc", "@r1"}, "/work", read)
	if err == nil || !strings.Contains(err.Error(), "expand to more than") {
		t.Fatalf("Translate = %v, want an error: response files expand to more than ...", err)
	}
}
