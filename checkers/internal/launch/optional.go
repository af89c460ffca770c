package launch

import (
	"strings"

	"github.com/cudavet/cudavet/checkers/internal/sym"
	"github.com/cudavet/cudavet/frontend/ir"
)

// Optional tensors and null pointers. An optional<Tensor> (std:: or
// c10::) and a tensor that may be undefined (torch::Tensor(), a Tensor
// declared without initialiser) are one value: a tensor with the
// condition under which it is absent (value.absent). has_value(),
// operator bool and defined() read the condition; value(), operator*
// and operator-> give the tensor; value_or(d) chooses. A pointer carries
// the condition under which it is nullptr (pointer.null): nullptr itself
// is a pointer without tensor that is null everywhere, and
// `opt ? opt->data_ptr<T>() : nullptr` merges into a pointer to opt's
// tensor that is null where opt is absent. The launch hands each pointer
// parameter's condition to the kernel (symex.Spec.Nulls).

// isOptional reports std::optional<at::Tensor> (c10::optional is an
// alias of it).
func isOptional(t ir.Type) bool {
	st, ok := t.(*ir.StructType)
	return ok && strings.HasPrefix(st.Name, "std::optional<at::Tensor") || ok && strings.HasPrefix(st.Name, "c10::optional<at::Tensor")
}

// isNullopt reports an expression of type std::nullopt_t (or a pointer
// to it: the lowering passes nullopt to optional's constructor by
// address).
func isNullopt(e ir.Expr) bool {
	t := e.Type()
	if p, ok := t.(*ir.PointerType); ok {
		t = p.Elem
	}
	st, ok := t.(*ir.StructType)
	return ok && strings.HasSuffix(st.Name, "nullopt_t")
}

// optionalParam is an entry point's optional tensor: present or not, as
// the caller picks.
func (x *executor) optionalParam(p *ir.Var) value {
	has := x.newVar(p.Name+".has_value()", true, choiceVar, 0, false, p.P)
	return value{ten: x.newTensor(p.Name), absent: sym.BNot(has)}
}

// absentValue is torch::Tensor() and std::nullopt: absent everywhere.
func absentValue() value { return value{absent: sym.True} }

// absentOf returns the condition under which a tensor value is absent:
// its own, false for a tensor without one, nil for a value that is no
// tensor.
func absentOf(v value) *sym.Term {
	switch {
	case v.absent != nil:
		return v.absent
	case v.ten != nil:
		return sym.False
	}
	return nil
}

// nullOf returns the condition under which a pointer is nullptr.
func nullOf(p *pointer) *sym.Term {
	switch {
	case p == nil:
		return nil
	case p.null != nil:
		return p.null
	case p.ten != nil:
		return sym.False
	}
	return nil
}

// nullPointer is nullptr, NULL and (T*)0.
func nullPointer() value { return value{ptr: &pointer{off: sym.Const(64, 0), null: sym.True}} }

func ite(c, a, b *sym.Term) *sym.Term {
	if a.Key() == b.Key() {
		return a
	}
	return sym.BOr(sym.BAnd(c, a), sym.BAnd(sym.BNot(c), b))
}

// mergeOptional is ite(c, a, b) on tensors that may be absent and on
// pointers that may be null; ok is false when neither applies.
func mergeOptional(c *sym.Term, a, b value) (value, bool) {
	if a.ptr != nil && b.ptr != nil {
		na, nb := nullOf(a.ptr), nullOf(b.ptr)
		if na == nil || nb == nil {
			return value{}, false
		}
		p := *a.ptr
		switch {
		case a.ptr.ten == nil && na.IsTrue():
			p = *b.ptr
		case b.ptr.ten == nil && nb.IsTrue():
		case a.ptr.ten != b.ptr.ten || a.ptr.elem != b.ptr.elem || a.ptr.telem != b.ptr.telem:
			return value{}, false
		default:
			p.off = sym.Ite(c, a.ptr.off, b.ptr.off)
		}
		p.null = ite(c, na, nb)
		return value{ptr: &p}, true
	}
	aa, ab := absentOf(a), absentOf(b)
	if aa == nil || ab == nil || (a.absent == nil && b.absent == nil) {
		return value{}, false
	}
	ten := a.ten
	switch {
	case a.ten == nil:
		ten = b.ten
	case b.ten != nil && b.ten != a.ten:
		return value{}, false
	}
	return value{ten: ten, absent: ite(c, aa, ab)}, true
}

// optional summarises the members of optional<Tensor>, torch::Tensor's
// constructors and defined(); ok is false for other calls.
func (x *executor) optional(e *ir.Call, recv value, args []value, st *state) (value, bool) {
	name := e.Name
	if i := strings.LastIndex(name, "::"); i >= 0 {
		name = name[i+2:]
	}
	self, opt := recv, e.Recv != nil && isOptional(e.Recv.Type())
	if e.Recv == nil && len(args) > 0 && len(e.Args) > 0 && isOptional(e.Args[0].Type()) {
		self, opt = args[0], true // operator*(opt), operator->(opt)
	}
	hasSelf := opt || e.Recv != nil && (isTensorType(e.Recv.Type()) || recv.absent != nil)
	switch {
	case name == "optional" && isOptional(e.T):
		switch {
		case len(args) == 0 || isNullopt(e.Args[0]):
			return absentValue(), true
		case absentOf(args[0]) != nil:
			return value{ten: args[0].ten, absent: absentOf(args[0])}, true
		}
	case name == "Tensor" && isTensorType(e.T):
		if len(args) == 0 {
			return absentValue(), true
		}
		if absentOf(args[0]) != nil {
			return args[0], true
		}
	case !hasSelf || absentOf(self) == nil:
	case name == "has_value" && opt || name == "defined" && !opt:
		return value{t: sym.BNot(absentOf(self))}, true
	case (name == "value" || name == "operator*" || name == "operator->") && opt:
		if self.ten != nil {
			return value{ten: self.ten}, true
		}
	case name == "value_or" && opt && len(args) == 1:
		if v, ok := mergeOptional(absentOf(self), args[0], value{ten: self.ten}); ok {
			return v, true
		}
	case strings.HasSuffix(name, "data_ptr") && self.absent != nil && self.ten != nil:
		// data_ptr() of an undefined tensor throws: the path goes on
		// only where the tensor is defined.
		st.PC = append(st.PC, sym.BNot(self.absent))
	}
	return value{}, false
}

// nullCompare decides p == nullptr and p != nullptr.
func nullCompare(op ir.BinOp, a, b value) (value, bool) {
	if op != ir.Eq && op != ir.Ne || a.ptr == nil || b.ptr == nil {
		return value{}, false
	}
	na, nb := nullOf(a.ptr), nullOf(b.ptr)
	if na == nil || nb == nil {
		return value{}, false
	}
	var eq *sym.Term
	switch {
	case a.ptr.ten == nil && na.IsTrue():
		eq = nb
	case b.ptr.ten == nil && nb.IsTrue():
		eq = na
	default:
		return value{}, false
	}
	if op == ir.Ne {
		eq = sym.BNot(eq)
	}
	return value{t: eq}, true
}

// truthOf is a pointer, optional or maybe-undefined tensor used as a
// condition; nil for other values.
func truthOf(v value, t ir.Type) *sym.Term {
	switch {
	case v.ptr != nil:
		if n := nullOf(v.ptr); n != nil {
			return sym.BNot(n)
		}
	case isOptional(t) && absentOf(v) != nil:
		return sym.BNot(absentOf(v))
	}
	return nil
}
