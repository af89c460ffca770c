package driver_test

import (
	"go/token"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/cudavet/cudavet/checkers/cudair"
	"github.com/cudavet/cudavet/checkers/driver"
	"github.com/cudavet/cudavet/frontend/ir"
	"golang.org/x/tools/go/analysis"
)

// progBuilder makes hand-built programs: each file's text is added to a
// FileSet, each `// cudavet:` comment becomes a Directive, and each
// function gets one ExprStmt per "__syncthreads" in its extent.
type progBuilder struct {
	t    testing.TB
	prog *ir.Program
	src  map[string]string
	tok  map[string]*token.File
}

func newBuilder(t testing.TB) *progBuilder {
	return &progBuilder{t: t, prog: &ir.Program{Fset: token.NewFileSet()}, src: map[string]string{}, tok: map[string]*token.File{}}
}

// file adds a file (again: a header seen from a second translation unit).
func (b *progBuilder) file(name, src string) *ir.File {
	tf := b.prog.Fset.AddFile(name, -1, len(src))
	tf.SetLinesForContent([]byte(src))
	b.src[name], b.tok[name] = src, tf
	f := &ir.File{Name: name, Tok: tf}
	for off := 0; ; {
		i := strings.Index(src[off:], "// cudavet:")
		if i < 0 {
			break
		}
		start := off + i
		text := src[start+len("// cudavet:"):]
		text, _, _ = strings.Cut(text, "\n")
		f.Directives = append(f.Directives, &ir.Directive{Pos: tf.Pos(start), Text: text})
		off = start + 1
	}
	b.prog.Files = append(b.prog.Files, f)
	return f
}

// pos returns the position of the n-th (0-based) occurrence of s in the
// last file added under name.
func (b *progBuilder) pos(name, s string, n int) token.Pos {
	src, off := b.src[name], 0
	for ; ; n-- {
		i := strings.Index(src[off:], s)
		if i < 0 {
			b.t.Fatalf("%q: no occurrence %d of %q", name, n, s)
		}
		if n == 0 {
			return b.tok[name].Pos(off + i)
		}
		off += i + 1
	}
}

// fn adds a function named display, whose name is at the first occurrence
// of base in file and whose extent runs to the next "\n}".
func (b *progBuilder) fn(f *ir.File, kind ir.FuncKind, display, base string) *ir.Func {
	src := b.src[f.Name]
	start := strings.Index(src, base)
	end := start + strings.Index(src[start:], "\n}")
	fn := &ir.Func{Name: display, Base: base, Kind: kind, P: f.Tok.Pos(start), EndPos: f.Tok.Pos(end), File: f, Result: ir.Void}
	fn.Body = &ir.Block{P: fn.P, EndPos: fn.EndPos}
	for off := start; ; {
		i := strings.Index(src[off:end], "__syncthreads")
		if i < 0 {
			break
		}
		fn.Body.Stmts = append(fn.Body.Stmts, &ir.ExprStmt{P: f.Tok.Pos(off + i)})
		off += i + 1
	}
	b.prog.Funcs = append(b.prog.Funcs, fn)
	f.Funcs = append(f.Funcs, fn)
	return fn
}

func (b *progBuilder) readFile(name string) ([]byte, error) {
	if s, ok := b.src[name]; ok {
		return []byte(s), nil
	}
	return nil, &notFound{name}
}

type notFound struct{ name string }

func (e *notFound) Error() string { return e.name + ": not found" }

func (b *progBuilder) run(cfg driver.Config) *driver.Result {
	b.t.Helper()
	if cfg.ReadFile == nil {
		cfg.ReadFile = b.readFile
	}
	res, err := driver.Run(b.prog, cfg)
	if err != nil {
		b.t.Fatalf("Run: %v", err)
	}
	return res
}

// syncAnalyzer reports "sync here" at every ExprStmt of the unit.
func syncAnalyzer(name string) *analysis.Analyzer {
	return &analysis.Analyzer{
		Name:     name,
		Doc:      name + ": reports every statement",
		Requires: []*analysis.Analyzer{cudair.Analyzer},
		Run: func(pass *analysis.Pass) (any, error) {
			for _, s := range cudair.Of(pass).Func.Body.Stmts {
				pass.Reportf(s.Pos(), "sync here")
			}
			return nil, nil
		},
	}
}

// recorder records the order analyzers ran in.
type recorder struct {
	mu  sync.Mutex
	log []string
}

func (r *recorder) add(s string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.log = append(r.log, s)
}

// lines renders diagnostics as "file:line:col: checker: message".
func lines(res *driver.Result) []string {
	var out []string
	for _, d := range res.Diagnostics {
		out = append(out, d.Position.String()+": "+d.Checker+": "+d.Message)
	}
	return out
}

func wantLines(t *testing.T, res *driver.Result, want ...string) {
	t.Helper()
	got := lines(res)
	if !slices.Equal(got, want) {
		t.Errorf("diagnostics:\n got %s\nwant %s", strings.Join(got, "\n     "), strings.Join(want, "\n     "))
	}
}

var intType = reflect.TypeOf(0)
