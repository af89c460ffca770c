package concrete

import (
	"math/bits"
	"strings"

	"github.com/cudavet/cudavet/frontend/ir"
)

// call runs a device function (or a closure) in a frame of its own; a
// call to a function without a body is opaque after its arguments are
// evaluated.
func (m *machine) call(e *ir.Call) value {
	if e.Recv != nil {
		m.eval(e.Recv)
	}
	args := make([]value, len(e.Args))
	for i, a := range e.Args {
		args[i] = m.eval(a)
	}
	switch {
	case m.err != nil:
		return value{}
	case e.Closure != nil:
		return m.invoke(e, nil, e.Closure.Params, e.Closure.Body, args, m.top().env)
	case e.Fn != nil && e.Fn.Body != nil && e.Fn.Kind != ir.Host:
		return m.invoke(e, e.Fn, e.Fn.Params, e.Fn.Body, args, nil)
	}
	return m.opaqueOf(e.P, e.T)
}

// invoke binds params to args and runs body. A reference parameter whose
// argument is a variable shares that variable's cell, so assignments
// reach it; parent is the enclosing environment of a closure.
func (m *machine) invoke(e *ir.Call, fn *ir.Func, params []*ir.Var, body *ir.Block, args []value, parent *env) value {
	if len(m.frames) >= maxDepth {
		m.fail(e.P, ErrDepth, e.Name)
		return value{}
	}
	caller := m.top().env
	fr := &frame{fn: fn, env: newEnv(parent)}
	for i, p := range params {
		if i >= len(args) {
			break
		}
		if r, ok := e.Args[i].(*ir.VarRef); ok && p.Ref {
			if c := caller.lookup(r.Var); c != nil {
				fr.env.vars[p] = c
				continue
			}
		}
		fr.env.vars[p] = &cell{fit(args[i], p.Type)}
	}
	m.frames = append(m.frames, fr)
	m.block(body)
	m.frames = m.frames[:len(m.frames)-1]
	if fr.ret.k == opaque {
		return m.opaqueOf(e.P, e.T)
	}
	return fit(fr.ret, e.T)
}

// intrinsic computes the integer builtins (min, max, abs, bit counts,
// high halves of products); the others are opaque.
func (m *machine) intrinsic(e *ir.Intrinsic) value {
	if v, ok := m.byteCall(e); ok {
		return v
	}
	args := make([]int64, len(e.Args))
	ints := true
	for i, a := range e.Args {
		v := m.eval(a)
		args[i] = v.i
		ints = ints && v.k == integer
	}
	t, isInt := e.T.(*ir.IntType)
	if m.err != nil || !ints || !isInt {
		return m.opaqueOf(e.P, e.T)
	}
	if r, ok := intrinsic(strings.TrimPrefix(e.Name, "std::"), args, e.Args, t); ok {
		return intVal(ir.Truncate(t, r))
	}
	return m.opaqueOf(e.P, e.T)
}

// intrinsic computes integer builtin name on args (of types given by es)
// for result type t.
func intrinsic(name string, args []int64, es []ir.Expr, t *ir.IntType) (int64, bool) {
	u := func(i int) uint64 { return uint64(args[i]) }
	switch {
	case len(args) == 2 && minMax[name] != 0:
		a, b := ir.Truncate(t, args[0]), ir.Truncate(t, args[1])
		less := compareInts(ir.Lt, a, b, t.Signed)
		if (minMax[name] < 0) == less {
			return a, true
		}
		return b, true
	case len(args) != 1 && len(args) != 2:
		return 0, false
	case len(args) == 1:
		return unaryIntrinsic(name, args[0], width(es[0].Type()))
	}
	switch name {
	case "__mul24", "__umul24":
		return ir.Truncate(t, sext24(args[0], name == "__mul24")*sext24(args[1], name == "__mul24")), true
	case "__mulhi":
		return (args[0] * args[1]) >> 32, true
	case "__umulhi":
		return int64((u(0) * u(1)) >> 32), true
	case "__mul64hi":
		hi, _ := bits.Mul64(u(0), u(1)) // signed: subtract what the sign bits added
		if args[0] < 0 {
			hi -= u(1)
		}
		if args[1] < 0 {
			hi -= u(0)
		}
		return int64(hi), true
	case "__umul64hi":
		hi, _ := bits.Mul64(u(0), u(1))
		return int64(hi), true
	}
	return 0, false
}

// minMax: -1 for the minimum functions, +1 for the maximum ones.
var minMax = map[string]int{
	"min": -1, "umin": -1, "llmin": -1, "ullmin": -1,
	"max": 1, "umax": 1, "llmax": 1, "ullmax": 1,
}

func unaryIntrinsic(name string, x int64, w int) (int64, bool) {
	ux := uint64(x) & mask(w)
	switch name {
	case "abs", "labs", "llabs":
		if x < 0 {
			return -x, true
		}
		return x, true
	case "__popc", "__popcll":
		return int64(bits.OnesCount64(ux)), true
	case "__clz", "__clzll":
		return int64(bits.LeadingZeros64(ux) - (64 - w)), true
	case "__ffs", "__ffsll":
		if ux == 0 {
			return 0, true
		}
		return int64(bits.TrailingZeros64(ux) + 1), true
	case "__brev", "__brevll":
		return int64(bits.Reverse64(ux) >> (64 - w)), true
	}
	return 0, false
}

func width(t ir.Type) int {
	if it, ok := t.(*ir.IntType); ok {
		return it.Bits
	}
	return 64
}

func mask(w int) uint64 {
	if w >= 64 {
		return ^uint64(0)
	}
	return 1<<w - 1
}

// sext24 is the low 24 bits of x, sign-extended when signed.
func sext24(x int64, signed bool) int64 {
	if signed {
		return x << 40 >> 40
	}
	return x & (1<<24 - 1)
}

// byteCall records the accesses of memcpy, memmove and memset (and their
// builtins): n bytes read at the source, n written at the destination,
// as symex records them. It returns the destination.
func (m *machine) byteCall(e *ir.Intrinsic) (value, bool) {
	op := ir.ByteOp(e.Name)
	if op == "" || len(e.Args) != 3 {
		return value{}, false
	}
	dst, src, n := m.eval(e.Args[0]), m.eval(e.Args[1]), m.eval(e.Args[2])
	if m.err != nil || n.k != integer || n.i <= 0 {
		return dst, true
	}
	rec := func(p value, write bool) {
		if p.k == pointer && p.r != nil {
			m.res.Accesses = append(m.res.Accesses, Access{Node: e, Pos: e.P, Region: p.r.name,
				Off: p.off, Size: n.i, Bytes: p.r.bytes, Write: write})
		}
	}
	if op == "memcpy" {
		rec(src, false)
	}
	rec(dst, true)
	return dst, true
}
