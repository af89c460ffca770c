// Package spec turns what is known about a function's inputs into a
// symex.Spec: the `// cudavet:` annotations attached to it (shapes,
// assumptions, user and fixed sizes, launch configuration) and, in a
// later stage, its host launcher and model profiles.
//
// Size arithmetic in annotations is mathematical: names and literals are
// 64-bit signed values, and an integer parameter of the function stands
// for itself (its value sign- or zero-extended). A name that is not a
// parameter is a free size. Classes:
//
//   - `fixed NAME = v` / `in {…}`: Fixed, one of the values.
//   - `user NAME in [lo, hi]`: User, in that range; `user NAME` and a name
//     that annotations mention without classifying it (a shape dimension,
//     a launch expression): User in DefaultUserRange.
//   - integer parameters no annotation mentions: Unknown (findings may not
//     depend on them).
package spec

import (
	"fmt"
	"math/big"

	"github.com/cudavet/cudavet/checkers/internal/annot"
	"github.com/cudavet/cudavet/checkers/internal/model"
	"github.com/cudavet/cudavet/checkers/internal/sym"
	"github.com/cudavet/cudavet/checkers/internal/symex"
	"github.com/cudavet/cudavet/frontend/ir"
)

// DefaultUserRange is the range of a user-controlled size that no
// annotation bounds: positive and representable as an int.
var DefaultUserRange = [2]int64{1, 1<<31 - 1}

// FromAnnotations builds the spec of f from its annotation set (nil: no
// annotations). Expressions that cannot be compiled are returned as
// errors; the rest of the spec is still usable.
func FromAnnotations(f *ir.Func, set *annot.Set) (*symex.Spec, []error) {
	b := &builder{f: f, s: &symex.Spec{Lengths: map[*ir.Var]*sym.Term{}, Params: map[*ir.Var]*sym.Term{}},
		names: map[string]*symex.VarInfo{}, params: map[string]*ir.Var{}}
	for _, p := range f.Params {
		b.params[p.Name] = p
	}
	if set == nil {
		return b.s, nil
	}
	// In name order: the constraints the spec gets are asked of the
	// solver in this order, and its models (the witnesses) depend on it.
	for _, name := range sortedKeys(set.Fixed) {
		b.classify(name, symex.Fixed, set.Fixed[name])
	}
	for _, name := range sortedKeys(set.Users) {
		b.classify(name, symex.User, set.Users[name])
	}
	for _, name := range set.Names() {
		if b.names[name] == nil {
			b.classify(name, symex.User, nil)
		}
	}
	for _, pname := range sortedKeys(set.Shapes) {
		b.shape(pname, set.Shapes[pname])
	}
	for _, d := range set.Assumes {
		if c := b.boolean(d.Cond); c != nil {
			b.s.Assume = append(b.s.Assume, c)
		}
	}
	if set.Launch != nil {
		b.launch(set.Launch)
	}
	for _, name := range sortedKeys(b.names) {
		b.s.Vars = append(b.s.Vars, b.names[name])
	}
	return b.s, b.errs
}

type builder struct {
	f      *ir.Func
	s      *symex.Spec
	names  map[string]*symex.VarInfo
	params map[string]*ir.Var
	errs   []error
}

// classify registers a size name with its class and range constraints.
func (b *builder) classify(name string, class symex.Class, d *annot.Directive) {
	if b.names[name] != nil {
		return
	}
	info := &symex.VarInfo{Class: class, Display: name, Signed: true, Uniform: true} // one value per launch
	if p := b.params[name]; p != nil {
		if it, ok := p.Type.(*ir.IntType); ok {
			info.Term, info.Signed, info.Pos = sym.Var(name, it.Bits), it.Signed, p.P
			b.s.Params[p] = info.Term
		}
	}
	if info.Term == nil {
		info.Term = sym.Var(name, 64)
	}
	b.names[name] = info
	v := b.value(name)
	switch {
	case class == symex.Fixed && d != nil:
		var alts []*sym.Term
		for _, val := range d.Values {
			alts = append(alts, sym.Eq(v, sym.Int(64, val)))
		}
		b.s.Assume = append(b.s.Assume, sym.BOr(alts...))
	case d != nil && !d.DefaultRange:
		b.s.Assume = append(b.s.Assume, sym.Sle(sym.Int(64, d.Lo), v), sym.Sle(v, sym.Int(64, d.Hi)))
	default:
		lo, hi := DefaultUserRange[0], DefaultUserRange[1]
		b.s.Assume = append(b.s.Assume, sym.Sle(sym.Int(64, lo), v), sym.Sle(v, sym.Int(64, hi)))
	}
}

// value is a name's 64-bit mathematical value.
func (b *builder) value(name string) *sym.Term {
	info := b.names[name]
	if info == nil {
		b.classify(name, symex.User, nil)
		info = b.names[name]
	}
	return sym.Resize(info.Term, 64, info.Signed)
}

func (b *builder) shape(pname string, d *annot.Directive) {
	p := b.params[pname]
	if p == nil {
		return // Attach reported it
	}
	n := sym.Const(64, 1)
	var fits []*sym.Term
	for _, dim := range d.Dims {
		t := b.integer(dim)
		if t == nil {
			return
		}
		if n.Op != sym.OpConst || t.Op != sym.OpConst {
			fits = append(fits, sym.BNot(sym.Overflows(sym.OpMulOvf, n, t, true)))
		}
		n = sym.Mul(n, t)
	}
	b.s.Lengths[p] = n
	// The tensor exists: it fits one GPU, as a launcher's tensors do
	// (without this, a [num_rows, n] buffer of 2^61 floats had a length
	// that wrapped, and every access of it was past its end).
	if n.Op != sym.OpConst {
		elem := int64(1)
		if e := ir.Elem(p.Type); e != nil && e.Size() > 0 {
			elem = e.Size()
		}
		b.s.Assume = append(b.s.Assume, fits...)
		b.s.Assume = append(b.s.Assume, sym.Sle(n, sym.Int(64, model.DeviceMemory/elem)))
	}
}

func (b *builder) launch(d *annot.Directive) {
	dims := func(es []annot.Expr, out *[3]*sym.Term) {
		for i, e := range es {
			if t := b.integer(e); t != nil && i < 3 {
				b.s.Assume = append(b.s.Assume, sym.Sle(sym.Int(64, 1), t), sym.Sle(t, sym.Int(64, 1<<31-1)))
				out[i] = sym.Trunc(t, 32)
			}
		}
		for i := len(es); i < 3; i++ {
			out[i] = sym.Const(32, 1)
		}
	}
	if len(d.Grid) > 0 {
		dims(d.Grid, &b.s.Grid)
	}
	if len(d.Block) > 0 {
		dims(d.Block, &b.s.Block)
	}
	if d.Smem != nil {
		if t := b.integer(d.Smem); t != nil {
			b.s.Smem = t
		}
	}
}

// integer compiles an annotation expression to a 64-bit term.
func (b *builder) integer(e annot.Expr) *sym.Term {
	t, err := b.compile(e)
	if err != nil {
		b.errs = append(b.errs, err)
		return nil
	}
	if t.IsBool() {
		return sym.Ite(t, sym.Int(64, 1), sym.Int(64, 0))
	}
	return t
}

// boolean compiles an annotation condition.
func (b *builder) boolean(e annot.Expr) *sym.Term {
	t, err := b.compile(e)
	if err != nil {
		b.errs = append(b.errs, err)
		return nil
	}
	if !t.IsBool() {
		return sym.Ne(t, sym.Int(64, 0))
	}
	return t
}

var maxInt64 = big.NewInt(1<<63 - 1)

func (b *builder) compile(e annot.Expr) (*sym.Term, error) {
	switch e := e.(type) {
	case *annot.Num:
		if e.Val.Cmp(maxInt64) > 0 {
			return nil, fmt.Errorf("constant %s does not fit 64 bits", e.Text)
		}
		return sym.Int(64, e.Val.Int64()), nil
	case *annot.Name:
		return b.value(e.Name), nil
	case *annot.Unary:
		x, err := b.compile(e.X)
		if err != nil {
			return nil, err
		}
		return unary(e.Op, x), nil
	case *annot.Binary:
		x, err := b.compile(e.X)
		if err != nil {
			return nil, err
		}
		y, err := b.compile(e.Y)
		if err != nil {
			return nil, err
		}
		return binary(e.Op, x, y)
	case *annot.Call:
		var args []*sym.Term
		for _, a := range e.Args {
			t, err := b.compile(a)
			if err != nil {
				return nil, err
			}
			args = append(args, asInt(t))
		}
		return call(e.Fn, args)
	}
	return nil, fmt.Errorf("unsupported expression %v", e)
}
