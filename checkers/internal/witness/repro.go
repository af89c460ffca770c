package witness

import (
	"encoding/json"
	"fmt"
	"go/token"
	"slices"
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
	if f.File != nil {
		l.File = f.File.Name
	}
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
	if w.Host != nil && tr.Spec != nil && tr.Spec.Launcher != nil {
		l.Launcher = launcherOf(f, tr.Spec.Launcher, w, l.Args)
		if l.Launcher != nil {
			callerSized(l.Args, f, tr.Spec.Launcher, l.Launcher)
		}
	}
	return l
}

// callerSized gives the kernel's buffers that receive a tensor the
// launcher never inspects the size generous gave that tensor for the
// launcher's call, where it is larger: the witness's length for such a
// tensor is the solver's pick, which no finding depends on (a check
// against a length the launcher leaves unknown is skipped). The pick is
// often 1: vLLM's fused_add_rms_norm_static_fp8_quant harness allocated
// one element of weight, which the kernel reads hidden_size of, and
// every run, the int64_t-fixed kernel's too, failed at that read rather
// than at the finding.
func callerSized(args []repro.Arg, kernel *ir.Func, hl *symex.Launcher, call *repro.Launcher) {
	for i, hp := range hl.Params {
		if i >= len(call.Params) || hp.Inspected {
			continue
		}
		t := call.Params[i]
		if (t.Kind != "tensor" && t.Kind != "optional") || t.Absent {
			continue
		}
		elems := repro.Numel(t.Shape)
		for _, k := range hp.Data {
			if k >= len(args) || k >= len(kernel.Params) || args[k].Kind != "pointer" || args[k].Null {
				continue
			}
			a := &args[k]
			if a.Scaled { // counted in elements of the instantiation's type
				if elems > a.Len {
					a.Len, a.Bytes = elems, elems
				}
				continue
			}
			pt, ok := kernel.Params[k].Type.(*ir.PointerType)
			if !ok {
				continue
			}
			if bytes := elems * repro.ElemSize(t.DType); bytes > a.Bytes {
				a.Bytes, a.Len = regionLen(bytes, pt.Elem.Size())
			}
		}
	}
}

// launcherOf is the call of the launcher hl that makes the witness's
// launch: each tensor of its shape in the witness (a dimension the
// witness leaves free is 1), each scalar of its value.
func launcherOf(kernel *ir.Func, hl *symex.Launcher, w *symex.Witness, args []repro.Arg) *repro.Launcher {
	if hl.Func == nil || hl.Func.File == nil {
		return nil
	}
	host := hostEnv(w)
	env := func(name string) (uint64, bool) {
		if v, ok := host(name); ok {
			return v, true
		}
		return 1, true // a dimension no fact mentions
	}
	val := func(t *sym.Term, signed bool) (int64, bool) {
		if t == nil {
			return 0, false
		}
		v, err := sym.Eval(t, env)
		if err != nil {
			return 0, false
		}
		if signed && t.Width > 0 {
			return sym.SignExtend(v, t.Width), true
		}
		return int64(v), true
	}
	l := &repro.Launcher{Func: kernelExpr(hl.Func), File: hl.Func.File.Name}
	rests, frees := make([]int, len(hl.Params)), make([]bool, len(hl.Params))
	for _, p := range hl.Params {
		a := repro.HostArg{Name: p.Var.Name, Kind: "other"}
		switch p.Kind {
		case symex.HostInt:
			a.Kind = "int"
			signed := false
			if it, ok := p.Var.Type.(*ir.IntType); ok {
				signed = it.Signed
			}
			a.Value, _ = val(p.Value, signed)
		case symex.HostBool:
			a.Kind = "bool"
			v, _ := val(p.Value, false)
			a.Value = v & 1
		case symex.HostFloat:
			a.Kind = "float"
		case symex.HostTensor, symex.HostOptional:
			a.Kind = "tensor"
			if p.Kind == symex.HostOptional {
				a.Kind = "optional"
				if has, ok := val(p.Has, false); ok && has&1 == 0 {
					a.Absent = true
				}
			}
			a.Shape, rests[len(l.Params)], frees[len(l.Params)] = shapeOf(p, w, val)
			a.DType = dtypeOf(p, w)
			for _, k := range p.Data {
				if k < len(args) && args[k].Fill != nil {
					a.Fill = args[k].Fill
					if pt, ok := kernel.Params[k].Type.(*ir.PointerType); ok && k < len(kernel.Params) && pt.Elem.Size() == repro.ElemSize(a.DType) {
						a.Entries = args[k].Entries
					}
					break
				}
			}
		}
		l.Params = append(l.Params, a)
	}
	generous(l, hl, rests, frees)
	return l
}

// generous enlarges the tensors whose size the witness picked where
// no finding depends on it, to what a caller passes: a tensor whose
// shape the launcher never inspects (an output, a workspace) gets as many
// elements as the largest tensor the launcher inspects (its own pick, up
// to twice the largest region the witness fixes, is no caller's: an
// rms_norm's weight and scale took 8.6 G elements each, 80 GiB in all,
// where the input had 4.3 G), at least repro.DefaultAlloc bytes; one
// whose dimensions not asked for are an
// unknown of the analysis (frees) gets them so that it is as large as
// the largest (a [groups, size_n] scale table whose size_n the launcher
// never checks). The solver's pick is often 1, which no caller passes,
// and a finding holds for every such length. Not when the tensors would
// then need more than launcherMemory.
func generous(l *repro.Launcher, hl *symex.Launcher, rests []int, frees []bool) {
	var largest, inspected int64
	for i, a := range l.Params {
		if (a.Kind == "tensor" || a.Kind == "optional") && !a.Absent {
			largest = max(largest, repro.Numel(a.Shape))
			if i < len(hl.Params) && hl.Params[i].Inspected {
				inspected = max(inspected, repro.Numel(a.Shape))
			}
		}
	}
	if inspected > 0 {
		largest = inspected
	}
	shapes := make([][]int64, len(l.Params))
	var total int64
	for i, a := range l.Params {
		shapes[i] = a.Shape
		if (a.Kind != "tensor" && a.Kind != "optional") || a.Absent || i >= len(hl.Params) {
			continue
		}
		switch {
		case !hl.Params[i].Inspected:
			shapes[i] = []int64{max(largest, repro.DefaultAlloc/repro.ElemSize(a.DType))}
		case frees[i]:
			shape := slices.Clone(a.Shape)
			at := rests[i]
			if at < 0 {
				at = -1 - at
				shape = slices.Insert(shape, at, 1)
			}
			others := max(repro.Numel(shape)/max(shape[at], 1), 1)
			if want := (largest + others - 1) / others; want > shape[at] {
				shape[at] = want
				shapes[i] = shape
			}
		}
		total += repro.Numel(shapes[i]) * repro.ElemSize(a.DType)
	}
	if total > launcherMemory {
		return
	}
	for i := range l.Params {
		l.Params[i].Shape = shapes[i]
	}
}

// launcherMemory bounds the tensors generous makes: they fit an 80 GB
// H100 beside the sanitizer's own memory.
const launcherMemory = 64 << 30

// shapeOf is a tensor's shape in the witness: the dimensions asked for,
// and the product of the others as one dimension (as several, padded
// with 1, when the launcher asked for the rank), left out when it is 1.
func shapeOf(p symex.HostParam, w *symex.Witness, val func(*sym.Term, bool) (int64, bool)) (shape []int64, rest int, free bool) {
	rest = -1
	for i, d := range p.Dims {
		v, _ := val(d, true)
		if i != p.Rest {
			shape = append(shape, v)
			continue
		}
		if p.Numel != nil && hostBound(p.Numel, w) {
			// The launch's lengths use a numel of its own: the dimensions
			// not asked for make it up. A finding holds for every value of
			// it (an unknown), so a caller's larger tensor shows it too.
			free = p.Rank == nil || !hostBound(p.Rank, w)
			n, _ := val(p.Numel, true)
			others := int64(1)
			for j, o := range p.Dims {
				if j != i {
					ov, _ := val(o, true)
					others *= max(ov, 1)
				}
			}
			v = max(n/others, 1)
		}
		mid := 1
		if r, ok := val(p.Rank, true); ok && p.Rank != nil && hostBound(p.Rank, w) {
			mid = int(r) - (len(p.Dims) - 1)
		} else if v == 1 && i > 0 {
			// Dropped only behind dimensions asked from the front: before
			// those asked from the back it stays, so that stride(-2) of a
			// tensor whose launcher asked only size(-1) has a dimension to
			// name (a 1-D tensor makes torch throw).
			mid = 0
		}
		if mid <= 0 && v != 1 {
			mid = 1 // the rank cannot hold these elements: keep them
		}
		for j := 0; j < mid; j++ {
			if j == 0 {
				rest = len(shape)
				shape = append(shape, v)
			} else {
				shape = append(shape, 1)
			}
		}
		if mid <= 0 {
			rest = -1 - len(shape) // dropped: -1 - where it would go
		}
	}
	return shape, rest, free
}

// hostEnv is the witness's launch and launcher inputs, failing on a
// variable neither gives.
func hostEnv(w *symex.Witness) func(string) (uint64, bool) {
	return func(name string) (uint64, bool) {
		if v, ok := w.Launch[name]; ok {
			return v, true
		}
		v, ok := w.Host[name]
		return v, ok
	}
}

// hostBound reports whether the witness's launch and launcher inputs
// give every variable of t a value.
func hostBound(t *sym.Term, w *symex.Witness) bool {
	_, err := sym.Eval(t, hostEnv(w))
	return err == nil
}

// dtypeOf is a tensor's c10::ScalarType: the T of the data_ptr<T>() the
// launch passes; else the witness's, when the launcher asks for it; else
// the type the kernel's parameter casts its untyped data_ptr() to; else
// the T of another typed view of it (or of a tensor made with its
// options()); else the one its element size suggests (float, half...).
func dtypeOf(p symex.HostParam, w *symex.Witness) int {
	if t, ok := scalarType(p.View); ok {
		return t
	}
	if p.DType != nil {
		if v, err := sym.Eval(p.DType, hostEnv(w)); err == nil {
			return int(int8(v))
		}
	}
	if _, ok := p.Cast.(*ir.PointerType); ok {
		return 4 // Long: a table of pointers
	}
	if t, ok := scalarType(p.Cast); ok {
		return t
	}
	if t, ok := scalarType(p.Hint); ok {
		return t
	}
	if p.Ints {
		switch p.Elem {
		case 1:
			return 0 // Byte
		case 2:
			return 2 // Short
		case 8:
			return 4 // Long
		}
		return 3 // Int
	}
	switch p.Elem {
	case 1:
		return 24 // Float8_e4m3fn
	case 2:
		return 5 // Half
	case 8:
		return 7 // Double
	}
	return 6 // Float
}

func argOf(tr *symex.Trace, w *symex.Witness, p *ir.Var, env func(string) (uint64, bool)) repro.Arg {
	a := repro.Arg{Name: p.Name, Kind: "other"}
	switch t := p.Type.(type) {
	case *ir.PointerType:
		a.Kind, a.Len, a.Bytes = "pointer", -1, -1
		if _, ok := t.Elem.(*ir.TypeParam); ok {
			a.Scaled = true // the engine counts its elements as bytes
		}
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
		a.Entries = entriesOf(tr, w, p, env)
		if a.Fill != nil && allEqual(a.Entries, *a.Fill) {
			a.Entries = nil // the fill says it all
		}
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

// entriesOf is the elements of p's index region that the witness reads,
// with the values it chose: each load's offset (thread 2's too, in a
// two-thread witness) under the witness, in elements of the region; the
// first value wins where two loads name one element.
func entriesOf(tr *symex.Trace, w *symex.Witness, p *ir.Var, env func(string) (uint64, bool)) []repro.Entry {
	var out []repro.Entry
	seen := map[int64]bool{}
	for _, r := range tr.Regions {
		if r.Var != p || r.Index == nil {
			continue
		}
		size := r.ElemSize
		if size <= 0 {
			size = 1
		}
		for _, info := range tr.SortedVars() {
			if info.Class != symex.Data || !info.Index || info.Offset == nil || !strings.HasPrefix(info.Term.Name, r.Name+"[]#") {
				continue
			}
			v, ok := Value(info, w)
			if !ok || !bound(info.Offset, w) {
				continue
			}
			off, err := sym.Eval(info.Offset, env)
			if err != nil || int64(off) < 0 || int64(off)%size != 0 {
				continue
			}
			if i := int64(off) / size; !seen[i] {
				seen[i] = true
				out = append(out, repro.Entry{Index: i, Value: v})
			}
		}
	}
	return out
}

// allEqual reports whether every entry has value v.
func allEqual(es []repro.Entry, v int64) bool {
	for _, e := range es {
		if e.Value != v {
			return false
		}
	}
	return true
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

// scalarType is the c10::ScalarType whose data_ptr<T>() has T t.
func scalarType(t ir.Type) (int, bool) {
	if v, ok := t.(*ir.VectorType); ok {
		t = v.Elem
	}
	switch t := t.(type) {
	case *ir.BoolType:
		return 11, true
	case *ir.IntType:
		switch {
		case t.Bits == 8 && t.Signed:
			return 1, true // Char
		case t.Bits == 8:
			return 0, true // Byte
		case t.Bits == 16 && t.Signed:
			return 2, true // Short
		case t.Bits == 16:
			return 27, true // UInt16
		case t.Bits == 32 && t.Signed:
			return 3, true // Int
		case t.Bits == 32:
			return 28, true // UInt32
		case t.Bits == 64 && t.Signed:
			return 4, true // Long
		case t.Bits == 64:
			return 29, true // UInt64
		}
	case *ir.FloatType:
		name := strings.ToLower(t.Name)
		switch {
		case t.Bits == 32:
			return 6, true // Float
		case t.Bits == 64:
			return 7, true // Double
		case t.Bits == 16 && strings.Contains(name, "bf"):
			return 15, true // BFloat16
		case t.Bits == 16:
			return 5, true // Half
		case t.Bits == 8 && strings.Contains(name, "e5m2"):
			return 23, true // Float8_e5m2
		case t.Bits == 8:
			return 24, true // Float8_e4m3fn
		}
	}
	return 0, false
}
