package launch

import (
	"fmt"
	"slices"
	"strings"

	"github.com/cudavet/cudavet/checkers/internal/sym"
	"github.com/cudavet/cudavet/frontend/ir"
)

// tensor is a torch::Tensor: a region of numel elements and a shape that
// is refined as the code asks for dimensions. With rank unknown, the
// shape is lead ++ [rest] ++ reverse(trail): size(i) is lead[i],
// size(-j) is trail[j-1], and rest stands for the product of the
// dimensions in between (>= 1). Asking for a dimension past lead (or
// trail) splits rest: rest = d × rest' (a fact of the analysis). With
// rank known (a tensor the code made with a shape), rest is nil.
type tensor struct {
	name        string
	lead, trail []*sym.Term // 64-bit dimension variables
	rest        *sym.Term
	restName    string
	// numel is the product of the initial shape (64-bit, no overflow).
	numel   *sym.Term
	factors []*sym.Term // the factors numel is the product of, as refined
	elem    int64       // element size in bytes, 0 until a typed view says
	typed   bool        // elem comes from data_ptr<T>() (a cast's guess yields to it)
	ints    bool        // a data_ptr<T>() has T an integer type (packed weights, indices)
	// inspected is set once the code asked for the tensor's shape (size,
	// numel, view...). The shape of a tensor the launcher never looks at
	// is whatever the caller passed: unknown, not a size to choose.
	inspected bool
	// asked is set once the code asked for a dimension, the numel or the
	// shape, not only for strides: the strides of a tensor whose shape
	// the code never asks are a layout the caller picks (role).
	asked bool
	// numelAsked and strided are set once the code asked for the numel
	// (or nbytes), or for a stride: an activation whose first two
	// dimensions and numel the code asks, and no stride, is read as
	// exactly two-dimensional (role).
	numelAsked, strided bool
	// rows, once the code divided the numel by a count (see
	// rowsQuotient), is that count: the tensor is rows × size(-1).
	rows  *sym.Term
	dtype *sym.Term
	rank  *sym.Term // t.dim(), once asked for (rankFacts)
	id    int
	// view is the T of the first data_ptr<T>() the code takes of the
	// tensor, or of a tensor made with its options() (its dtype, for a
	// reproducer); optsFrom is the tensor whose options() (or *_like)
	// made this one.
	view     ir.Type
	optsFrom *tensor
}

// isTensorType reports whether t is torch::Tensor.
func isTensorType(t ir.Type) bool {
	_, ok := t.(*ir.TensorType)
	return ok
}

func isDim3(t ir.Type) bool {
	st, ok := t.(*ir.StructType)
	return ok && (st.Name == "dim3" || st.Name == "uint3")
}

// newTensor is a tensor of unknown rank and shape (a parameter).
func (x *executor) newTensor(name string) *tensor {
	x.tensors++
	t := &tensor{name: name, id: x.tensors}
	t.restName = name + ".numel()"
	t.rest = x.newVar(t.restName, false, restVar, 64, true, 0)
	x.vars[t.rest.Name].ten = t
	t.numel = t.rest
	t.factors = []*sym.Term{t.rest}
	x.numelFacts(t.rest)
	return t
}

// shaped is a tensor of known shape (torch::empty({a, b}), view).
func (x *executor) shaped(name string, dims []*sym.Term) *tensor {
	x.tensors++
	t := &tensor{name: name, id: x.tensors, lead: dims}
	n := sym.Const(64, 1)
	for _, d := range dims {
		n = sym.Mul(n, d)
	}
	t.numel, t.factors = n, append([]*sym.Term(nil), dims...)
	return t
}

// sizeFacts states that a dimension variable is a size: 1 <= d < 2^31.
func (x *executor) sizeFacts(d *sym.Term) {
	x.facts = append(x.facts, sym.Sle(sym.Int(64, 1), d), sym.Sle(d, sym.Int(64, 1<<31-1)))
}

// maxNumel bounds the elements of a tensor: one byte each in the device's
// memory (2^38 > model.DeviceMemory).
const maxNumel = 1 << 38

// numelFacts states that a product of dimensions is a number of
// elements: 1 <= n <= maxNumel.
func (x *executor) numelFacts(n *sym.Term) {
	x.facts = append(x.facts, sym.Sle(sym.Int(64, 1), n), sym.Sle(n, sym.Int(64, maxNumel)))
}

// dim returns size(i) of t (i may be negative), refining the shape.
func (x *executor) dim(t *tensor, i int64) *sym.Term {
	t.inspected = true
	if t.rest == nil {
		r := int64(len(t.lead))
		if i < 0 {
			i += r
		}
		if i < 0 || i >= r {
			return nil
		}
		return t.lead[i]
	}
	if i >= 0 {
		for int64(len(t.lead)) <= i {
			d := x.newVar(fmt.Sprintf("%s.size(%d)", t.name, len(t.lead)), false, sizeVar, 64, true, 0)
			h := x.vars[d.Name]
			h.ten, h.front = t, len(t.lead)
			t.lead = append(t.lead, d)
			x.split(t, d)
		}
		return t.lead[i]
	}
	for int64(len(t.trail)) < -i {
		d := x.newVar(fmt.Sprintf("%s.size(%d)", t.name, -len(t.trail)-1), false, sizeVar, 64, true, 0)
		h := x.vars[d.Name]
		h.ten, h.front, h.back = t, -1, len(t.trail)+1
		t.trail = append(t.trail, d)
		x.split(t, d)
	}
	return t.trail[-i-1]
}

// split takes dimension d out of t's rest: rest = d × rest'. The facts
// it adds hold for every value of rest (d = 1, rest' = rest), so a launch
// needs them only when it uses d or rest' (see relevantFacts).
//
// A launch that uses d but neither t's numel nor rest' does not need
// them either: d's own range holds without them, and leaving out the
// products keeps the solver off 64-bit multiplications of variables that
// only a tensor whose pointer the launch does not take would bring in
// (its memory bound is weaker than the limits of its dimensions' roles).
func (x *executor) split(t *tensor, d *sym.Term) {
	x.sizeFacts(d)
	before := len(x.facts)
	numel := t.numel
	defer func() {
		for _, f := range x.facts[before:] {
			owners := []string{t.rest.Name}
			for _, v := range numel.Vars() {
				owners = append(owners, v.Name)
			}
			x.refines[f.Key()] = owners
		}
	}()
	var known []string
	for _, l := range t.lead {
		known = append(known, x.vars[l.Name].display)
	}
	for _, l := range t.trail {
		known = append(known, x.vars[l.Name].display)
	}
	t.restName = fmt.Sprintf("%s.numel() / (%s)", t.name, strings.Join(known, " * "))
	r := x.newVar(t.restName, false, restVar, 64, true, 0)
	x.vars[r.Name].ten = t
	x.numelFacts(r)
	// rest = d × r without wrapping. Every product <= maxNumel = 2^38
	// satisfies one of the two cases, and both keep d × r < 2^63: a
	// linear stand-in for the no-overflow predicate, which is costly.
	small := sym.BAnd(sym.Slt(d, sym.Int(64, 1<<16)), sym.Slt(r, sym.Int(64, 1<<47)))
	large := sym.Slt(r, sym.Int(64, 1<<32))
	x.facts = append(x.facts, sym.Eq(t.rest, sym.Mul(d, r)), sym.BOr(small, large))
	x.splits[t.rest.Name] = [2]*sym.Term{d, r}
	t.factors = x.expand(t.factors)
	t.rest = r
}

// expand replaces the factors that were split since they were taken by
// the dimensions they were split into.
func (x *executor) expand(fs []*sym.Term) []*sym.Term {
	var out []*sym.Term
	for _, f := range fs {
		if s, ok := x.splits[f.Name]; ok && f.Op == sym.OpVar {
			out = append(out, x.expand(s[:])...)
			continue
		}
		out = append(out, f)
	}
	return out
}

// rowsQuotient reads t.numel() / n, with n a count that is not one of
// t's dimensions (query.numel() / num_tokens), as the launcher's view of
// t: n rows, each as wide as the quotient. A tensor whose trailing
// dimensions the code has not asked for becomes n rows of size(-1) (the
// leading dimensions it asked for are part of the rows): numel = n ×
// size(-1) exactly, and the quotient is size(-1). Left free, the rows
// would make a kernel that finds token i's row at i × stride(-2)
// reported for tensors with more or fewer rows than tokens, which no
// caller passes; a tensor the code reads dimension by dimension keeps
// the general shape. n must be one user size (a count of rows); it
// returns nil when the rule does not apply.
func (x *executor) rowsQuotient(t *tensor, n *sym.Term) *sym.Term {
	if t.rest == nil || t.rows != nil || len(t.trail) > 0 || n.IsBool() {
		return nil
	}
	// Not a model width: numel / hidden_size is rows (and hidden_size a
	// factor only when it is t's own size(-1), exactQuotient's case).
	v := stripResize(n)
	if v.Op != sym.OpVar {
		return nil
	}
	h := x.vars[v.Name]
	if h == nil || h.ten == t || h.kind == unknownVar || h.kind == choiceVar {
		return nil
	}
	if cls, _, _ := classOf(h.display, h); cls != userClass {
		return nil
	}
	w := x.dim(t, -1)
	t.rows = sym.Resize(n, 64, true)
	rows := t.rest
	for i := len(t.lead) - 1; i >= 0; i-- {
		rows = sym.Mul(t.lead[i], rows)
	}
	x.facts = append(x.facts, sym.Eq(rows, t.rows))
	return w
}

// stride is the contiguous layout's stride of dimension i: the product
// of the dimensions after it.
func (x *executor) stride(t *tensor, i int64) *sym.Term {
	if i < 0 && t.rest != nil {
		// stride(-k) is the product of the k-1 dimensions behind
		// dimension -k; it needs no variable for dimension -k itself
		// (the rank is at least k for every value of the rest).
		if i < -1 {
			x.dim(t, i+1)
		}
		t.inspected = true
		s := sym.Const(64, 1)
		for j := int64(0); j < -i-1; j++ {
			s = sym.Mul(s, t.trail[j])
		}
		return s
	}
	if t.rest == nil {
		r := int64(len(t.lead))
		if i < 0 {
			i += r
		}
		if i < 0 || i >= r {
			return nil
		}
		s := sym.Const(64, 1)
		for _, d := range t.lead[i+1:] {
			s = sym.Mul(s, d)
		}
		return s
	}
	x.dim(t, i)
	s := t.rest
	for _, d := range t.lead[i+1:] {
		s = sym.Mul(s, d)
	}
	for _, d := range t.trail {
		s = sym.Mul(s, d)
	}
	return s
}

// methods lists the summarised members of at::Tensor (README counts them).
var methods = []string{
	"size", "sizes", "numel", "dim", "ndimension", "ndim", "stride", "strides", "data_ptr", "const_data_ptr",
	"mutable_data_ptr", "scalar_type", "dtype", "is_contiguous", "view", "reshape", "flatten", "contiguous",
	"options", "element_size", "itemsize", "nbytes", "clone", "to", "cuda", "detach", "view_as", "reshape_as",
	"expand_as", "defined", "is_cuda", "device",
	"get_device", "zero_", "fill_", "copy_", "storage_offset", "is_same_size", "new_empty", "new_zeros",
}

// Functions is the number of PyTorch functions and members the analysis
// summarises (at::Tensor members and tensor factories).
func Functions() int { return len(methods) + len(factories) }

var factories = []string{"empty", "zeros", "ones", "full", "empty_like", "zeros_like", "ones_like", "empty_strided"}

// torch summarises a call of the PyTorch API; ok is false for anything
// else.
func (x *executor) torch(e *ir.Call, recv value, args []value, st *state) (value, bool) {
	name := e.Name
	if i := strings.LastIndex(name, "::"); i >= 0 {
		name = name[i+2:]
	}
	if recv.ten != nil {
		return x.method(e, name, recv.ten, args)
	}
	switch {
	case name == "operator[]" && len(args) == 2 && args[0].list != nil:
		if i, ok := constant(args[1]); ok {
			return listElem(args[0].list, i, e.T), true
		}
	case name == "operator[]" && len(args) == 2 && args[0].sizesOf != nil:
		if i, ok := constant(args[1]); ok {
			if d := x.dim(args[0].sizesOf, i); d != nil {
				return value{t: sym.Resize(d, intBits(e.T), true)}, true
			}
		}
	case name == "size" && recv.list != nil:
		return value{t: sym.Const(intBits(e.T), uint64(len(recv.list)))}, true
	case name == "ArrayRef" && len(args) == 1 && args[0].list != nil:
		return args[0], true
	case name == "dispatch_scalar_type" && len(args) == 1:
		return args[0], true
	case name == "elementSize" && len(args) == 1 && args[0].t != nil && !args[0].t.IsBool():
		return x.elementSize(args[0].t, e), true
	case slices.Contains(factories, name) && isTensorType(e.T):
		return x.factory(name, args), true
	}
	return value{}, false
}

func (x *executor) factory(name string, args []value) value {
	if strings.HasSuffix(name, "_like") && len(args) > 0 && args[0].ten != nil {
		src := args[0].ten
		t := &tensor{name: "new", lead: src.lead, trail: src.trail, rest: src.rest, restName: src.restName,
			numel: src.numel, factors: src.factors, elem: src.elem, dtype: src.dtype, rows: src.rows, optsFrom: src}
		x.tensors++
		t.id = x.tensors
		return value{ten: t}
	}
	if len(args) > 0 && args[0].list != nil {
		t := x.shaped("new", args[0].list)
		for _, a := range args[1:] {
			if a.opts != nil {
				t.optsFrom = a.opts
			}
		}
		return value{ten: t}
	}
	return value{}
}

func listElem(l []*sym.Term, i int64, t ir.Type) value {
	if i < 0 {
		i += int64(len(l))
	}
	if i < 0 || i >= int64(len(l)) {
		return value{}
	}
	return value{t: sym.Resize(l[i], intBits(t), true)}
}

// elementSizes is c10::elementSize by size: the ScalarType values (the
// enum's order, as in the shim's c10.h) of each element size. Types
// PyTorch's table leaves out (the sub-byte UInt1..Int7) are not listed.
var elementSizes = []struct {
	size  uint64
	types []uint64
}{
	// Byte, Char, Bool, QInt8, QUInt8, QUInt4x2, QUInt2x4, Bits1x8,
	// Bits2x4, Bits4x2, Bits8, the four Float8s, Float8_e8m0fnu,
	// Float4_e2m1fn_x2.
	{1, []uint64{0, 1, 11, 12, 13, 16, 17, 18, 19, 20, 21, 23, 24, 25, 26, 45, 46}},
	{2, []uint64{2, 5, 15, 22, 27}}, // Short, Half, BFloat16, Bits16, UInt16
	{4, []uint64{3, 6, 8, 14, 28}},  // Int, Float, ComplexHalf, QInt32, UInt32
	{8, []uint64{4, 7, 9, 29}},      // Long, Double, ComplexFloat, UInt64
	{16, []uint64{10}},              // ComplexDouble
}

// elementSize is c10::elementSize(dtype) of a ScalarType term: the size
// per value of dtype, so that a launcher's 16 / at::elementSize(dtype)
// is the vector width of the type each dispatch case fixes. PyTorch's
// elementSize fails (TORCH_CHECK) on the types its table leaves out, so
// dtype is taken to be one it lists (a fact of the launch).
func (x *executor) elementSize(dtype *sym.Term, e *ir.Call) value {
	bits := intBits(e.T)
	var out *sym.Term
	var all []*sym.Term
	for i := len(elementSizes) - 1; i >= 0; i-- {
		var is []*sym.Term
		for _, v := range elementSizes[i].types {
			is = append(is, sym.Eq(dtype, sym.Const(dtype.Width, v&sym.Mask(dtype.Width))))
		}
		all = append(all, is...)
		size := sym.Const(bits, elementSizes[i].size)
		if out == nil {
			out = size
		} else {
			out = sym.Ite(sym.BOr(is...), size, out)
		}
	}
	x.facts = append(x.facts, sym.BOr(all...))
	return value{t: out}
}

func intBits(t ir.Type) int {
	if it, ok := t.(*ir.IntType); ok {
		return it.Bits
	}
	return 64
}

func constant(v value) (int64, bool) {
	if v.t == nil || v.t.IsBool() {
		return 0, false
	}
	c, ok := v.t.Const()
	return sym.SignExtend(c, v.t.Width), ok
}

// method summarises a member of at::Tensor.
func (x *executor) method(e *ir.Call, name string, t *tensor, args []value) (value, bool) {
	bits := intBits(e.T)
	arg := func(i int) (int64, bool) {
		if i < len(args) {
			return constant(args[i])
		}
		return 0, false
	}
	switch name {
	case "numel", "nbytes", "dim", "ndimension", "ndim", "view", "reshape", "flatten", "sizes", "strides":
		t.inspected = true
	}
	switch name {
	case "size", "numel", "nbytes", "dim", "ndimension", "ndim", "view", "reshape", "flatten", "sizes", "is_same_size":
		t.asked = true
	}
	switch name {
	case "numel", "nbytes":
		t.numelAsked = true
	case "stride", "strides":
		t.strided = true
	}
	switch name {
	case "size", "stride":
		i, ok := arg(0)
		if !ok {
			return value{}, false
		}
		var d *sym.Term
		if name == "size" {
			d = x.dim(t, i)
		} else {
			d = x.stride(t, i)
		}
		if d == nil {
			return value{}, false
		}
		return value{t: sym.Resize(d, bits, true)}, true
	case "sizes", "strides":
		if t.rest != nil {
			if name == "sizes" {
				return value{sizesOf: t}, true // indexed with constants below
			}
			return value{}, false
		}
		var l []*sym.Term
		for i := range t.lead {
			if name == "sizes" {
				l = append(l, t.lead[i])
			} else {
				l = append(l, x.stride(t, int64(i)))
			}
		}
		return value{list: l}, true
	case "numel":
		v := value{t: sym.Resize(t.numel, bits, true), factors: t.factors}
		if bits == 64 {
			v.numelOf = t
		}
		return v, true
	case "nbytes":
		if t.elem > 0 {
			return value{t: sym.Resize(sym.Mul(t.numel, sym.Const(64, uint64(t.elem))), bits, false)}, true
		}
	case "dim", "ndimension", "ndim":
		if t.rest == nil {
			return value{t: sym.Const(bits, uint64(len(t.lead)))}, true
		}
		if t.rank != nil {
			return value{t: sym.Resize(t.rank, bits, true)}, true
		}
		r := x.newVar(t.name+".dim()", false, choiceVar, bits, true, e.P)
		x.facts = append(x.facts, sym.Sle(sym.Int(bits, int64(len(t.lead)+len(t.trail))), r), sym.Sle(r, sym.Int(bits, 64)))
		t.rank = r
		x.ranked = append(x.ranked, t)
		return value{t: r}, true
	case "element_size", "itemsize":
		if t.elem > 0 {
			return value{t: sym.Const(bits, uint64(t.elem))}, true
		}
		// Before any data_ptr<T>() names the type: the size of the
		// tensor's dtype, which each dispatch case fixes.
		if t.dtype == nil {
			t.dtype = x.newVar(t.name+".scalar_type()", false, choiceVar, 8, false, e.P)
		}
		return x.elementSize(t.dtype, e), true
	case "data_ptr", "const_data_ptr", "mutable_data_ptr":
		elem := int64(0)
		if pt, ok := e.T.(*ir.PointerType); ok {
			if s := pt.Elem.Size(); s > 0 {
				elem = s
			}
		}
		if elem > 0 && (t.elem == 0 || !t.typed) {
			t.elem, t.typed = elem, true // for element_size() and nbytes()
		}
		if pt, ok := e.T.(*ir.PointerType); ok {
			if _, isInt := pt.Elem.(*ir.IntType); isInt {
				t.ints = true
			}
		}
		var view ir.Type
		if pt, ok := e.T.(*ir.PointerType); ok && elem > 0 {
			view = pt.Elem
			for u := t; u != nil && u.view == nil; u = u.optsFrom {
				u.view = view
			}
		}
		return value{ptr: &pointer{ten: t, off: sym.Const(64, 0), elem: elem, telem: elem, view: view}}, true
	case "scalar_type", "dtype":
		if t.dtype == nil {
			t.dtype = x.newVar(t.name+".scalar_type()", false, choiceVar, intBits(e.T), false, e.P)
		}
		return value{t: sym.Resize(t.dtype, bits, false)}, true
	case "is_same_size":
		if len(args) == 1 && args[0].ten != nil {
			if c := x.sameShape(value{sizesOf: t}, value{sizesOf: args[0].ten}); c != nil {
				return value{t: c}, true
			}
		}
		return value{t: sym.True}, true
	case "is_contiguous", "defined", "is_cuda":
		return value{t: sym.True}, true
	case "contiguous", "clone", "cuda", "detach", "zero_", "fill_", "copy_", "expand_as", "view_as", "reshape_as":
		return value{ten: t}, true
	case "to":
		c := *t // same shape; the element type may change
		c.elem, c.typed = 0, false
		x.tensors++
		c.id = x.tensors
		return value{ten: &c}, true
	case "view", "reshape":
		if len(args) == 1 && args[0].list != nil {
			return value{ten: x.reshape(t, args[0].list)}, true
		}
		if len(args) == 1 && args[0].ten == nil && args[0].list == nil {
			return value{ten: t}, true // view(dtype): same bytes; the element size is set by the next typed view
		}
	case "flatten":
		if len(args) == 0 {
			f := x.shaped(t.name, []*sym.Term{t.numel})
			f.elem, f.dtype = t.elem, t.dtype
			return value{ten: f}, true
		}
	case "storage_offset":
		return value{t: sym.Const(bits, 0)}, true
	case "options":
		return value{opts: t}, true
	case "device", "get_device":
		return value{}, true
	case "new_empty", "new_zeros":
		if len(args) > 0 && args[0].list != nil {
			return value{ten: x.shaped("new", args[0].list)}, true
		}
	}
	return value{}, false
}

// rankFacts returns, for each tensor whose dim() the code asked for and
// whose dimensions it asked from one end only, rest = 1 when the path
// condition pc states dim() == the number of dimensions asked
// (TORCH_CHECK(input.dim() == 2) after size(0) and size(1) makes input
// exactly [size(0), size(1)]). Asked from both ends the two may be the
// same dimension, and the rank says nothing of the rest. Only an
// equality the path states is read: a disjunction dim() != n ∨ rest = 1
// among the facts doubled the time of vLLM's topk_softmax_kernels.cu.
func (x *executor) rankFacts(pc []*sym.Term) []*sym.Term {
	var out []*sym.Term
	for _, t := range x.ranked {
		if t.rest == nil || (len(t.lead) > 0 && len(t.trail) > 0) {
			continue
		}
		n := int64(len(t.lead) + len(t.trail))
		for _, c := range pc {
			if statesRank(c, t.rank, n) {
				out = append(out, sym.Eq(t.rest, sym.Int(64, 1)))
				break
			}
		}
	}
	return out
}

// statesRank reports whether c is, among its conjuncts, rank = n (the
// rank variable possibly resized).
func statesRank(c, rank *sym.Term, n int64) bool {
	for _, a := range sym.AppendConjuncts(nil, c) {
		if a.Op != sym.OpEq {
			continue
		}
		p, q := a.Args[0], a.Args[1]
		if p.Op == sym.OpConst {
			p, q = q, p
		}
		if v := stripResize(p); v.Op == sym.OpVar && v.Name == rank.Name {
			if k, ok := q.Const(); ok && sym.SignExtend(k, q.Width) == n {
				return true
			}
		}
	}
	return false
}

// sameShape is the condition a.sizes() == b.sizes() (or
// a.is_same_size(b)) states, for shapes of tensors (sizesOf) or lists of
// dimensions; nil when a or b is neither. The two have the same numel,
// and every dimension either side has asked for, from the front or the
// back, is the other's too. Dimensions asked for later stay free beyond
// what the equal numels say.
func (x *executor) sameShape(a, b value) *sym.Term {
	if (a.sizesOf == nil && a.list == nil) || (b.sizesOf == nil && b.list == nil) {
		return nil
	}
	if a.sizesOf == nil {
		a, b = b, a
	}
	if a.sizesOf == nil {
		// Two lists: the same rank and the same dimensions.
		if len(a.list) != len(b.list) {
			return sym.False
		}
		c := sym.True
		for i := range a.list {
			c = sym.BAnd(c, sym.Eq(sym.Resize(a.list[i], 64, true), sym.Resize(b.list[i], 64, true)))
		}
		return c
	}
	t := a.sizesOf
	t.asked = true
	if b.list != nil {
		n := sym.Const(64, 1)
		c := sym.True
		for i, d := range b.list {
			d = sym.Resize(d, 64, true)
			n = sym.Mul(n, d)
			if td := x.dim(t, int64(i)); td != nil {
				c = sym.BAnd(c, sym.Eq(td, d))
			}
		}
		return sym.BAnd(c, sym.Eq(t.numel, n))
	}
	u := b.sizesOf
	if t == u {
		return sym.True
	}
	t.inspected, u.inspected = true, true
	u.asked = true
	c := sym.Eq(t.numel, u.numel)
	front := max(len(t.lead), len(u.lead))
	back := max(len(t.trail), len(u.trail))
	for i := range front {
		if p, q := x.dim(t, int64(i)), x.dim(u, int64(i)); p != nil && q != nil {
			c = sym.BAnd(c, sym.Eq(p, q))
		}
	}
	for i := 1; i <= back; i++ {
		if p, q := x.dim(t, int64(-i)), x.dim(u, int64(-i)); p != nil && q != nil {
			c = sym.BAnd(c, sym.Eq(p, q))
		}
	}
	return c
}

// reshape is t viewed with the given shape; one -1 dimension is inferred.
func (x *executor) reshape(t *tensor, dims []*sym.Term) *tensor {
	out := make([]*sym.Term, len(dims))
	infer := -1
	known := sym.Const(64, 1)
	for i, d := range dims {
		if c, ok := d.Const(); ok && int64(c) == -1 {
			infer = i
			continue
		}
		out[i] = d
		known = sym.Mul(known, d)
	}
	if infer >= 0 {
		q := x.exactQuotient(value{factors: t.factors}, value{t: known})
		if q == nil {
			q = sym.SDiv(t.numel, known)
		}
		out[infer] = q
	} else {
		x.facts = append(x.facts, sym.Eq(known, t.numel)) // view requires the same number of elements
	}
	v := &tensor{name: t.name, lead: out, numel: t.numel, factors: t.factors, elem: t.elem, dtype: t.dtype}
	x.tensors++
	v.id = x.tensors
	return v
}
