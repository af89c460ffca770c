package witness

import (
	"encoding/json"
	"fmt"
	"go/token"
	"strings"

	"github.com/cudavet/cudavet/checkers/internal/sym"
	"github.com/cudavet/cudavet/checkers/internal/symex"
	"github.com/cudavet/cudavet/checkers/repro"
	"github.com/cudavet/cudavet/frontend/ir"
	"golang.org/x/tools/go/analysis"
)

// LaunchOf returns the launch that w describes for the kernel of tr, or
// nil when tr is not a kernel's trace.
func LaunchOf(tr *symex.Trace, w *symex.Witness) *repro.Launch {
	f := tr.Func
	if f == nil || f.Kind != ir.Kernel {
		return nil
	}
	env := defaultEnv(w)
	l := &repro.Launch{Kernel: kernelExpr(f)}
	if f.Generic {
		l.Kernel = genericInstance(tr, f, env)
	}
	dim := func(prefix string, def uint64) [3]uint64 {
		var d [3]uint64
		for i, c := range []string{".x", ".y", ".z"} {
			if v, ok := w.Model[prefix+c]; ok {
				d[i] = v
			} else {
				d[i] = def
			}
		}
		return d
	}
	l.Grid, l.Block = dim("gridDim", 1), dim("blockDim", 1)
	l.BlockIdx, l.ThreadIdx = dim("blockIdx", 0), dim("threadIdx", 0)
	if tr.Spec != nil && tr.Spec.Smem != nil {
		if v, err := sym.Eval(tr.Spec.Smem, env); err == nil {
			l.Smem = v
		}
	}
	for _, p := range f.Params {
		l.Args = append(l.Args, argOf(tr, w, p, env))
	}
	return l
}

func argOf(tr *symex.Trace, w *symex.Witness, p *ir.Var, env func(string) (uint64, bool)) repro.Arg {
	a := repro.Arg{Name: p.Name, Kind: "other"}
	switch t := p.Type.(type) {
	case *ir.PointerType:
		a.Kind, a.Len, a.Bytes = "pointer", -1, -1
		for _, r := range tr.Regions {
			if r.Var != p || r.Bytes == nil {
				continue
			}
			if !bound(r.Bytes, w) {
				break
			}
			if b, err := sym.Eval(r.Bytes, env); err == nil {
				a.Bytes, a.Len = regionLen(int64(b), r.ElemSize)
			}
			break
		}
		a.Fill = fillOf(tr, w, p)
		for _, r := range tr.Regions {
			if r.Var == p && r.Null != nil && !r.Null.IsFalse() {
				// Null only where the witness says so: a flag the query
				// left free is false, not the default size 1.
				if v, err := sym.Eval(r.Null, modelEnv(w)); err == nil && v&1 == 1 {
					a.Null = true
				}
				break
			}
		}
	case *ir.IntType:
		a.Kind = "int"
		term := sym.Var(p.Name, t.Bits)
		if tr.Spec != nil && tr.Spec.Params[p] != nil {
			term = tr.Spec.Params[p]
		}
		if v, err := sym.Eval(term, env); err == nil {
			a.Value = int64(v)
			if t.Signed && term.Width > 0 {
				a.Value = sym.SignExtend(v, term.Width)
			}
		}
	case *ir.BoolType:
		a.Kind = "bool"
		term := sym.Var(p.Name, 0)
		if tr.Spec != nil && tr.Spec.Params[p] != nil {
			term = tr.Spec.Params[p]
		}
		if v, err := sym.Eval(term, modelEnv(w)); err == nil {
			a.Value = int64(v & 1)
		}
	case *ir.FloatType:
		a.Kind = "float"
	}
	return a
}

// fillOf is the value the witness chose for the entries of p's index
// region that the kernel reads (symex's load: one variable per offset,
// named after the region), the first in name order; nil when the
// witness reads none or leaves them free. One value for every element
// is what a harness can write without knowing which offsets the thread
// reads; the witness needs only the ones it reads to hold it.
func fillOf(tr *symex.Trace, w *symex.Witness, p *ir.Var) *int64 {
	for _, r := range tr.Regions {
		if r.Var != p || r.Index == nil {
			continue
		}
		for _, info := range tr.SortedVars() {
			if info.Class != symex.Data || !info.Index || !strings.HasPrefix(info.Term.Name, r.Name+"[]#") {
				continue
			}
			if n, ok := Value(info, w); ok {
				return &n
			}
		}
	}
	return nil
}

// regionLen is a pointer argument's length from its region's bytes. A
// negative length is a pointer that starts past the end of its buffer (a
// launcher that carves a workspace beyond what it checked): no byte from
// the pointer on is the kernel's, so the harness gets the smallest buffer
// (see repro.Arg.Alloc), not the default that an unbounded -1 would mean.
func regionLen(bytes, elemSize int64) (int64, int64) {
	if bytes < 0 {
		return 0, 0
	}
	if elemSize <= 0 {
		elemSize = 1
	}
	return bytes, bytes / elemSize
}

// bound reports whether the witness gives a value to every variable of t.
func bound(t *sym.Term, w *symex.Witness) bool {
	m := w.Launch
	if m == nil {
		m = w.Model
	}
	for _, v := range t.Vars() {
		if _, ok := m[v.Name]; !ok {
			return false
		}
	}
	return true
}

// defaultEnv is the witness model where a variable the query did not
// constrain takes its smallest valid value: 1 for sizes and dimensions,
// 0 for anything else.
func defaultEnv(w *symex.Witness) func(string) (uint64, bool) {
	m := w.Launch
	if m == nil {
		m = w.Model
	}
	return func(name string) (uint64, bool) {
		if v, ok := m[name]; ok {
			return v, true
		}
		if strings.Contains(name, "#") || strings.HasPrefix(name, "threadIdx") || strings.HasPrefix(name, "blockIdx") {
			return 0, true
		}
		return 1, true
	}
}

// modelEnv is the witness model where a variable the query did not
// constrain is 0 (false): for the flags and null conditions of a
// launch, where a default of 1 would make a pointer null.
func modelEnv(w *symex.Witness) func(string) (uint64, bool) {
	m := w.Launch
	if m == nil {
		m = w.Model
	}
	return func(name string) (uint64, bool) {
		return m[name], true
	}
}

// kernelExpr is f's qualified name with the template arguments of its
// display name.
func kernelExpr(f *ir.Func) string {
	name := f.Base
	if name == "" {
		name = f.Name
	}
	if i := strings.Index(f.Name, "<"); i >= 0 && !strings.Contains(name, "<") {
		name += f.Name[i:]
	}
	return name
}

// genericInstance names an instantiation of the primary template f that
// the witness holds for: a non-type parameter takes the witness's value
// (the smallest valid one when unconstrained), a type parameter float.
func genericInstance(tr *symex.Trace, f *ir.Func, env func(string) (uint64, bool)) string {
	i := strings.Index(f.Name, "<")
	if i < 0 || !strings.HasSuffix(f.Name, ">") {
		return kernelExpr(f)
	}
	base := f.Base
	if base == "" {
		base = f.Name[:i]
	}
	var args []string
	for _, name := range splitTop(f.Name[i+1 : len(f.Name)-1]) {
		name = strings.TrimSpace(name)
		info := tr.Vars["template."+name]
		if info == nil {
			args = append(args, "float")
			continue
		}
		v, _ := env(info.Term.Name)
		n := int64(v)
		if info.Signed && info.Term.Width > 0 {
			n = sym.SignExtend(v, info.Term.Width)
		}
		args = append(args, fmt.Sprint(n))
	}
	return base + "<" + strings.Join(args, ", ") + ">"
}

// splitTop splits s at the commas outside brackets.
func splitTop(s string) []string {
	var out []string
	depth, start := 0, 0
	for i, r := range s {
		switch r {
		case '<', '(', '[':
			depth++
		case '>', ')', ']':
			depth--
		case ',':
			if depth == 0 {
				out = append(out, s[start:i])
				start = i + 1
			}
		}
	}
	return append(out, s[start:])
}

// ReproRelated is the related entry that carries the launch of w at pos,
// or nothing when there is none.
func ReproRelated(tr *symex.Trace, w *symex.Witness, pos token.Pos) []analysis.RelatedInformation {
	l := LaunchOf(tr, w)
	if l == nil {
		return nil
	}
	b, err := json.Marshal(l)
	if err != nil {
		return nil
	}
	return []analysis.RelatedInformation{{Pos: pos, Message: repro.Prefix + string(b)}}
}
