package sym

import (
	"fmt"
	"math/bits"
)

// Eval returns the value of t under env, which gives each variable's value
// (bools as 0 or 1). Division by zero follows SMT-LIB (x/0 = all ones,
// x%0 = x), which is what the solver's models mean; C leaves it undefined.
func Eval(t *Term, env func(name string) (uint64, bool)) (uint64, error) {
	switch t.Op {
	case OpConst:
		return t.Val, nil
	case OpVar:
		v, ok := env(t.Name)
		if !ok {
			return 0, fmt.Errorf("sym: no value for %s", t.Name)
		}
		return VarValue(t, v), nil
	case OpIte:
		c, err := Eval(t.Args[0], env)
		if err != nil {
			return 0, err
		}
		if c != 0 {
			return Eval(t.Args[1], env)
		}
		return Eval(t.Args[2], env)
	case OpBAnd, OpBOr:
		want := uint64(0)
		if t.Op == OpBOr {
			want = 1
		}
		for _, a := range t.Args {
			v, err := Eval(a, env)
			if err != nil {
				return 0, err
			}
			if v == want {
				return want, nil
			}
		}
		return 1 - want, nil
	}
	var buf [3]uint64 // no operator has more operands: no allocation
	args := buf[:0]
	if len(t.Args) > len(buf) {
		args = make([]uint64, 0, len(t.Args))
	}
	for _, a := range t.Args {
		v, err := Eval(a, env)
		if err != nil {
			return 0, err
		}
		args = append(args, v)
	}
	return apply(t, args), nil
}

// VarValue is variable t's value when it is assigned v: v's low Width
// bits (a bool's lowest bit), as Eval reads an assignment.
func VarValue(t *Term, v uint64) uint64 {
	if t.Width == 0 {
		return v & 1
	}
	return v & Mask(t.Width)
}

// Apply computes t's operator on the values of its arguments, as Eval
// does: the operators other than constants, variables, ite and the
// boolean connectives (which Eval evaluates lazily).
func Apply(t *Term, args []uint64) uint64 { return apply(t, args) }

// apply computes t's operator on evaluated arguments.
func apply(t *Term, a []uint64) uint64 {
	w := t.Width
	m := Mask(w)
	aw := 0
	if len(t.Args) > 0 {
		aw = t.Args[0].Width
	}
	b2u := func(b bool) uint64 {
		if b {
			return 1
		}
		return 0
	}
	switch t.Op {
	case OpAdd:
		return (a[0] + a[1]) & m
	case OpSub:
		return (a[0] - a[1]) & m
	case OpMul:
		return (a[0] * a[1]) & m
	case OpUDiv:
		if a[1] == 0 {
			return m
		}
		return a[0] / a[1]
	case OpURem:
		if a[1] == 0 {
			return a[0]
		}
		return a[0] % a[1]
	case OpSDiv:
		x, y := SignExtend(a[0], w), SignExtend(a[1], w)
		if y == 0 {
			if x < 0 {
				return 1
			}
			return m
		}
		if y == -1 {
			return uint64(-x) & m
		}
		return uint64(x/y) & m
	case OpSRem:
		x, y := SignExtend(a[0], w), SignExtend(a[1], w)
		if y == 0 {
			return a[0]
		}
		if y == -1 {
			return 0
		}
		return uint64(x%y) & m
	case OpShl:
		if a[1] >= uint64(w) {
			return 0
		}
		return (a[0] << a[1]) & m
	case OpLShr:
		if a[1] >= uint64(w) {
			return 0
		}
		return a[0] >> a[1]
	case OpAShr:
		s := a[1]
		if s >= uint64(w) {
			s = uint64(w - 1)
		}
		return uint64(SignExtend(a[0], w)>>s) & m
	case OpAnd:
		return a[0] & a[1]
	case OpOr:
		return a[0] | a[1]
	case OpXor:
		return a[0] ^ a[1]
	case OpNot:
		return ^a[0] & m
	case OpNeg:
		return -a[0] & m
	case OpZExt, OpTrunc:
		return a[0] & m
	case OpSExt:
		return uint64(SignExtend(a[0], aw)) & m
	case OpEq:
		return b2u(a[0] == a[1])
	case OpUlt:
		return b2u(a[0] < a[1])
	case OpUle:
		return b2u(a[0] <= a[1])
	case OpSlt:
		return b2u(SignExtend(a[0], aw) < SignExtend(a[1], aw))
	case OpSle:
		return b2u(SignExtend(a[0], aw) <= SignExtend(a[1], aw))
	case OpBNot:
		return 1 - a[0]
	case OpAddOvf, OpSubOvf, OpMulOvf:
		return b2u(overflows(t.Op, a[0], a[1], aw, t.Signed))
	}
	panic("sym: apply " + t.Op.String())
}

// overflows reports whether x op y leaves the range of a w-bit integer.
func overflows(op Op, x, y uint64, w int, signed bool) bool {
	if !signed {
		switch op {
		case OpAddOvf:
			s, c := bits.Add64(x, y, 0)
			return c != 0 || s > Mask(w)
		case OpSubOvf:
			return y > x
		default:
			hi, lo := bits.Mul64(x, y)
			return hi != 0 || lo > Mask(w)
		}
	}
	sx, sy := SignExtend(x, w), SignExtend(y, w)
	min, max := -int64(1)<<uint(w-1), int64(1)<<uint(w-1)-1
	if w == 64 {
		min, max = -1<<63, 1<<63-1
	}
	switch op {
	case OpAddOvf:
		s := sx + sy
		if w == 64 {
			return (sx > 0 && sy > 0 && s < 0) || (sx < 0 && sy < 0 && s >= 0)
		}
		return s < min || s > max
	case OpSubOvf:
		s := sx - sy
		if w == 64 {
			return (sx >= 0 && sy < 0 && s < 0) || (sx < 0 && sy > 0 && s >= 0)
		}
		return s < min || s > max
	default:
		if sx == 0 || sy == 0 {
			return false
		}
		p := sx * sy
		if p/sy != sx || (sx == -1 && sy == min) || (sy == -1 && sx == min) {
			return true
		}
		return p < min || p > max
	}
}
