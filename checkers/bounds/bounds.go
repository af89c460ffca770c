package bounds

import (
	_ "embed"
	"fmt"
	"reflect"
	"strings"

	"github.com/cudavet/cudavet/checkers/cudair"
	"github.com/cudavet/cudavet/checkers/internal/checkdoc"
	"github.com/cudavet/cudavet/checkers/internal/model"
	"github.com/cudavet/cudavet/checkers/internal/sym"
	"github.com/cudavet/cudavet/checkers/internal/symex"
	"github.com/cudavet/cudavet/checkers/internal/witness"
	"github.com/cudavet/cudavet/checkers/symexec"
	"github.com/cudavet/cudavet/frontend/ir"
	"golang.org/x/tools/go/analysis"
)

//go:embed doc.go
var doc string

// Analyzer reports out-of-bounds accesses.
var Analyzer = &analysis.Analyzer{
	Name:       "bounds",
	Doc:        checkdoc.Doc(doc, "bounds"),
	URL:        "https://pkg.go.dev/github.com/cudavet/cudavet/checkers/bounds",
	Requires:   []*analysis.Analyzer{cudair.Analyzer, symexec.Analyzer},
	Run:        run,
	ResultType: reflect.TypeOf(cudair.Counts(nil)),
}

func run(pass *analysis.Pass) (any, error) {
	res := pass.ResultOf[symexec.Analyzer].(*symexec.Result)
	unknownLength := func(a *symex.Access) string {
		if a.Region.Bytes == nil {
			return "accesses unchecked (length unknown)"
		}
		return ""
	}
	traceOf := map[*symex.Access]*symex.Trace{}
	for _, r := range res.Runs {
		for _, a := range r.Trace.Accesses {
			traceOf[a] = r.Trace
		}
	}
	// One widening per region of a run: it runs a range fixpoint per
	// size, the same for every access of the region.
	type regionOf struct {
		t *symex.Trace
		r *symex.Region
	}
	widen := map[regionOf]map[string]*sym.Term{}
	violation := func(a *symex.Access) *sym.Term {
		v := Violation(a)
		if a.Region.Space == ir.Global {
			v = sym.BAnd(v, withinDevice(a))
		}
		t := traceOf[a]
		if t == nil {
			return v
		}
		k := regionOf{t, a.Region}
		w, ok := widen[k]
		if !ok {
			w = largestTensor(t, a.Region)
			widen[k] = w
		}
		if len(w) == 0 {
			return v
		}
		return sym.BAnd(v, sym.Subst(v, w))
	}
	return res.CheckAccesses("bounds", violation, unknownLength, func(r *symexec.Run, a *symex.Access, w *symex.Witness, viol *sym.Term) {
		pass.Report(diagnostic(r, a, w, viol))
	}), nil
}

// largestTensor returns the substitution that puts the region's tensor's
// own sizes at their largest where nothing but the tensor's length ties
// them to the launch (nil: none); a violation must hold under it too. A
// launcher that takes num_tokens from slot_mapping and the heads and head
// size from key does not say that value has as many rows and as wide ones;
// an access past value only when value is smaller than those shapes
// depends on the caller breaking the tensors' contract, not on the kernel.
// A size the launch or the path uses elsewhere (the grid from out.size(0),
// a TORCH_CHECK between two tensors) is not free and keeps its value, so
// the kernel's own index arithmetic is still checked against it.
func largestTensor(t *symex.Trace, region *symex.Region) map[string]*sym.Term {
	if region.Bytes == nil {
		return nil
	}
	global := t.Constraints()
	// The tensor: what the length's sizes are of ("numel of value",
	// "inner dims of value" → value).
	tensors := map[string]bool{}
	for _, v := range region.Bytes.Vars() {
		if info := t.Vars[v.Name]; info != nil {
			if _, x, ok := strings.Cut(info.Source, " of "); ok {
				tensors[x] = true
			}
		}
	}
	if len(tensors) == 0 {
		return nil
	}
	own := func(name string) bool {
		info := t.Vars[name]
		if info == nil || (info.Class != symex.Fixed && info.Class != symex.User) {
			return false
		}
		_, x, ok := strings.Cut(info.Source, " of ")
		return ok && tensors[x]
	}
	// Free: every constraint that mentions it mentions only the tensor's
	// own sizes (its bounds, its domain, the length's definitions, the
	// model selector).
	free := map[string]bool{}
	for name := range t.Vars {
		if own(name) {
			free[name] = true
		}
	}
	for _, c := range global {
		vs := c.Vars()
		mine, other := false, false
		for _, v := range vs {
			if free[v.Name] || own(v.Name) {
				mine = true
			} else if info := t.Vars[v.Name]; info == nil || info.Display != "model" {
				other = true
			}
		}
		if mine && other {
			for _, v := range vs {
				delete(free, v.Name)
			}
		}
	}
	wide := map[string]*sym.Term{}
	for name := range free {
		info := t.Vars[name]
		if _, hi, ok := sym.Bounds(global, info.Term); ok {
			wide[name] = sym.Const(info.Term.Width, hi)
		}
	}
	// The length vars through their definitions at the widest sizes; a
	// length defined by sizes none of which widens (numel = width × rows,
	// with the rows the launch's token count) keeps its value.
	for _, c := range global {
		if c.Op != sym.OpEq || c.Args[0].Op != sym.OpVar || !own(c.Args[0].Name) {
			continue
		}
		if d := sym.Subst(c.Args[1], wide); d != c.Args[1] {
			wide[c.Args[0].Name] = d
		} else {
			delete(wide, c.Args[0].Name)
		}
	}
	return wide
}

// withinDevice is "the access ends within a device's memory": an access
// past the end of a tensor only where its offset exceeds what one GPU
// holds (956k rows of a 36,864-wide output, 141 GB of floats) needs sizes
// whose tensors could not be allocated, not a kernel that indexes past
// what the caller allocated. The tensor's length is bounded by the same
// memory (model.DeviceMemory), so such a witness always ends past it.
func withinDevice(a *symex.Access) *sym.Term {
	end := sym.Add(a.Off, sym.Const(64, uint64(a.Size)))
	return sym.Sle(end, sym.Const(64, uint64(model.DeviceMemory)))
}

// Violation is what bounds reports: the access leaves its region with its
// index arithmetic exact (an index that is out of bounds only because it
// wrapped is the overflow checker's finding).
func Violation(a *symex.Access) *sym.Term {
	return sym.BAnd(append([]*sym.Term{Outside(a)}, noOverflow(a.Ops)...)...)
}

// noOverflow returns "op does not wrap" for each operation.
func noOverflow(ops []*symex.Op) []*sym.Term {
	var out []*sym.Term
	for _, o := range ops {
		out = append(out, sym.BNot(o.Overflow()))
	}
	return out
}

// Outside is the predicate "the access leaves its region":
// off < 0 ∨ off + size > bytes (64-bit signed).
func Outside(a *symex.Access) *sym.Term {
	end := sym.Add(a.Off, sym.Const(64, uint64(a.Size)))
	return sym.BOr(sym.Slt(a.Off, sym.Const(64, 0)), sym.Sgt(end, a.Region.Bytes))
}

func diagnostic(r *symexec.Run, a *symex.Access, w *symex.Witness, viol *sym.Term) analysis.Diagnostic {
	head := "load from " + access(a)
	switch a.Node.(type) {
	case *ir.Store:
		head = "store to " + access(a)
	case *ir.Atomic:
		head = "atomic on " + access(a)
	case *ir.Intrinsic:
		head = symex.Describe(a, witness.Text) // "memcpy to &out[i]"
	}
	off, _ := sym.Eval(a.Off, w.Model.Env())
	size, _ := sym.Eval(a.Region.Bytes, w.Model.Env())
	elem := a.Region.ElemSize
	where := "past the end of"
	if int64(off) < 0 {
		where = "before the start of"
	}
	msg := fmt.Sprintf("%s is %s %s %s (%s)", head, where, space(a.Region), a.Region.Name,
		lengthText(a, int64(size)/elem))
	relevant := append(append([]*sym.Term(nil), a.PC...), viol)
	if when := witness.When(r.Trace, w, relevant); when != "" {
		msg += " " + when
	}
	msg += r.ModelNote(w)
	d := analysis.Diagnostic{Pos: a.Pos, Category: "bounds", Message: msg,
		Related: append(witness.Related(r.Trace, w, a.Pos, r.Context), r.Related()...)}
	d.Related = append(d.Related, analysis.RelatedInformation{Pos: a.Pos,
		Message: witness.Prefix + fmt.Sprintf("byte offset %d of %d", int64(off), int64(size))})
	for _, call := range a.Inline {
		d.Related = append(d.Related, analysis.RelatedInformation{Pos: call, Message: "inlined from this call"})
	}
	return d
}

// access prints the access as written: region[index].
func access(a *symex.Access) string {
	switch n := a.Node.(type) {
	case *ir.Load:
		return witness.Text(n)
	case *ir.Store:
		return witness.Text(&ir.Load{Ptr: n.Ptr, Index: n.Index, Field: n.Field, T: a.Elem})
	case *ir.Atomic:
		return witness.Text(&ir.Load{Ptr: n.Ptr, Index: n.Index, T: a.Elem})
	}
	return a.Region.Name
}

func space(r *symex.Region) string {
	switch r.Space {
	case ir.Shared:
		return "shared array"
	case ir.Local:
		return "local array"
	case ir.Constant:
		return "constant array"
	}
	return "buffer"
}

func lengthText(a *symex.Access, n int64) string {
	unit := "elements"
	if untyped(a.Region) {
		unit = "bytes" // a void* buffer's length counts bytes
	}
	if n == 1 {
		unit = strings.TrimSuffix(unit, "s")
	}
	if a.Region.LenVar != nil {
		return fmt.Sprintf("%d %s here", n, unit)
	}
	return fmt.Sprintf("%d %s", n, unit)
}

// untyped reports a region whose length counts bytes: a void* parameter,
// or a local variable (not an array) whose address is cast.
func untyped(r *symex.Region) bool {
	if r.Var == nil {
		return false
	}
	switch t := r.Var.Type.(type) {
	case *ir.PointerType:
		return t.Elem.Size() <= 0
	case *ir.ArrayType:
		return false
	}
	return r.Space == ir.Local
}
