package layering

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

const mod = "github.com/cudavet/cudavet"

// pkg is what `go list -json` says of one package of the module.
type pkg struct {
	ImportPath string
	Dir        string
	Deps       []string // transitive, without test imports
	GoFiles    []string
	CgoFiles   []string
	// IgnoredGoFiles are the files this platform's build leaves out
	// (priority_other.go on Linux).
	IgnoredGoFiles []string
}

func listPackages(t *testing.T) []pkg {
	t.Helper()
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command: ", err)
	}
	cmd := exec.Command(goTool, "list", "-e", "-json=ImportPath,Dir,Deps,GoFiles,CgoFiles,IgnoredGoFiles", mod+"/...")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, stderr.String())
	}
	var pkgs []pkg
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var p pkg
		if err := dec.Decode(&p); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			t.Fatal(err)
		}
		pkgs = append(pkgs, p)
	}
	if len(pkgs) == 0 {
		t.Fatal("go list found no package")
	}
	return pkgs
}

// under reports whether path is dir or inside it (both relative to mod).
func under(path, dir string) bool {
	full := mod + "/" + dir
	return path == full || strings.HasPrefix(path, full+"/")
}

// rule forbids packages matching from to depend on packages matching to.
type rule struct {
	why      string
	from, to func(string) bool
}

func in(dirs ...string) func(string) bool {
	return func(p string) bool {
		return slices.ContainsFunc(dirs, func(d string) bool { return under(p, d) })
	}
}

func not(f func(string) bool) func(string) bool { return func(p string) bool { return !f(p) } }

func and(fs ...func(string) bool) func(string) bool {
	return func(p string) bool {
		for _, f := range fs {
			if !f(p) {
				return false
			}
		}
		return true
	}
}

// isStd reports whether an import path is the standard library's (its
// first element has no dot).
func isStd(p string) bool {
	first, _, _ := strings.Cut(p, "/")
	return !strings.Contains(first, ".")
}

var rules = []rule{
	{"checkers see the front end only through frontend/ir (the harness may load files)",
		and(in("checkers"), not(in("checkers/checkertest"))), and(in("frontend", "lsp", "cmd"), not(in("frontend/ir")))},
	{"the front end does not know the checkers, the server or the command",
		in("frontend"), in("checkers", "lsp", "cmd")},
	{"the language server does not import the command", in("lsp"), in("cmd")},
	{"frontend/ir uses only the standard library", in("frontend/ir"), not(isStd)},
	{"checkers/internal/sym uses only the standard library", in("checkers/internal/sym"), not(isStd)},
}

func TestDependencyDirection(t *testing.T) {
	for _, v := range violations(listPackages(t)) {
		t.Error(v)
	}
}

// violations returns one message per forbidden dependency.
func violations(pkgs []pkg) []string {
	var out []string
	for _, p := range pkgs {
		for _, r := range rules {
			if !r.from(p.ImportPath) {
				continue
			}
			for _, d := range p.Deps {
				if r.to(d) {
					out = append(out, p.ImportPath+" depends on "+d+": "+r.why)
				}
			}
		}
	}
	return out
}

// TestRules checks the rules on made-up packages.
func TestRules(t *testing.T) {
	m := mod + "/"
	pkgs := []pkg{
		{ImportPath: m + "checkers/driver", Deps: []string{m + "frontend/ir", "fmt", "golang.org/x/tools/go/analysis"}},
		{ImportPath: m + "checkers/checkertest", Deps: []string{m + "frontend", m + "frontend/clang"}},
		{ImportPath: m + "checkers/bounds", Deps: []string{m + "frontend/lower"}},       // bad
		{ImportPath: m + "checkers", Deps: []string{m + "cmd/cudavet"}},                 // bad
		{ImportPath: m + "frontend/lower", Deps: []string{m + "checkers/cudair"}},       // bad
		{ImportPath: m + "frontend/ir", Deps: []string{"go/token", "golang.org/x/exp"}}, // bad
		{ImportPath: m + "frontend/irx", Deps: []string{"golang.org/x/exp"}},
		{ImportPath: m + "lsp", Deps: []string{m + "checkers", m + "cmd/cudavet"}}, // bad
	}
	if got := len(violations(pkgs)); got != 5 {
		t.Errorf("%d violations, want 5:\n%s", got, strings.Join(violations(pkgs), "\n"))
	}
}

// TestCgo checks that only the libclang and libz3 bindings use cgo.
func TestCgo(t *testing.T) {
	allowed := in("frontend/clang", "checkers/internal/solver/z3")
	for _, p := range listPackages(t) {
		if len(p.CgoFiles) > 0 && !allowed(p.ImportPath) {
			t.Errorf("%s uses cgo (%s): only frontend/clang and checkers/internal/solver/z3 may", p.ImportPath, strings.Join(p.CgoFiles, ", "))
		}
	}
}
