package concrete

import (
	"math"
	"math/big"
	"math/bits"
	"strconv"

	"github.com/cudavet/cudavet/frontend/ir"
)

// arith computes x op y (op + - or *) in t, wrapping as C does, and
// records an overflow when the mathematical result does not fit t. x and
// y are canonical values of t (see value).
func (m *machine) arith(n ir.Expr, op ir.BinOp, x, y int64, t *ir.IntType) int64 {
	var r int64
	switch op {
	case ir.Add:
		r = x + y
	case ir.Sub:
		r = x - y
	default:
		r = x * y
	}
	if overflows(op, x, y, r, t) {
		m.overflow(n, exact(op, x, y, t.Signed).String(), t)
	}
	return ir.Truncate(t, r)
}

// overflows reports whether x op y, read as t's values, leaves t; r is
// the 64-bit wrapped result. Below 64 bits (at most 32: C promotes
// narrower types) the 64-bit result is exact, except an unsigned product,
// which is exact as a uint64.
func overflows(op ir.BinOp, x, y, r int64, t *ir.IntType) bool {
	switch {
	case t.Bits < 64 && t.Signed:
		return r != ir.Truncate(t, r)
	case t.Bits < 64:
		return (op == ir.Sub && r < 0) || uint64(r) > t.Max()
	case t.Signed:
		switch op {
		case ir.Add:
			return (x >= 0) == (y >= 0) && (r >= 0) != (x >= 0)
		case ir.Sub:
			return (x >= 0) != (y >= 0) && (r >= 0) != (x >= 0)
		}
		return x != 0 && y != 0 && (r/y != x || (x == -1 && y == math.MinInt64) || (y == -1 && x == math.MinInt64))
	}
	switch op {
	case ir.Add:
		_, carry := bits.Add64(uint64(x), uint64(y), 0)
		return carry != 0
	case ir.Sub:
		return uint64(x) < uint64(y)
	}
	hi, _ := bits.Mul64(uint64(x), uint64(y))
	return hi != 0
}

// exact is the mathematical x op y.
func exact(op ir.BinOp, x, y int64, signed bool) *big.Int {
	a, b := mathVal(x, signed), mathVal(y, signed)
	switch op {
	case ir.Add:
		return a.Add(a, b)
	case ir.Sub:
		return a.Sub(a, b)
	}
	return a.Mul(a, b)
}

// mathVal reads a canonical value as a mathematical integer (only a
// uint64_t differs from its int64 representation).
func mathVal(x int64, signed bool) *big.Int {
	if signed || x >= 0 {
		return big.NewInt(x)
	}
	return new(big.Int).SetUint64(uint64(x))
}

func (m *machine) overflow(n ir.Expr, val string, t *ir.IntType) {
	if m.err == nil {
		m.res.Overflows = append(m.res.Overflows, Overflow{Node: n, Pos: n.Pos(), Value: val, Type: t.String()})
	}
}

// shiftCount reads a shift count of type t; a negative one is -1.
func shiftCount(y int64, t ir.Type) int64 {
	if y < 0 && !signed(t) {
		return -1 // a uint64_t count of 2^63 or more: out of range too
	}
	return y
}

// shl computes x << c in t. Bits shifted out (or into the sign bit of a
// signed type) are an overflow; so is a count outside [0, width) with x
// non-zero, whose result is 0 as in the solver's bit-vector semantics.
func (m *machine) shl(n ir.Expr, x, c int64, t *ir.IntType) int64 {
	if c < 0 || c >= int64(t.Bits) {
		if x != 0 {
			m.overflow(n, mathVal(x, t.Signed).String()+" << "+strconv.FormatInt(c, 10), t)
		}
		return 0
	}
	r := ir.Truncate(t, x<<c)
	back := r >> c
	if !t.Signed {
		back = int64(uint64(r) >> c)
	}
	if back != x {
		v := mathVal(x, t.Signed)
		m.overflow(n, v.Lsh(v, uint(c)).String(), t)
	}
	return r
}

// shr computes x >> c in t: arithmetic for signed types, logical for
// unsigned; a count outside [0, width) gives the sign fill.
func shr(x, c int64, t *ir.IntType) int64 {
	if c < 0 || c >= int64(t.Bits) {
		if t.Signed && x < 0 {
			return -1
		}
		return 0
	}
	if t.Signed {
		return x >> c
	}
	return ir.Truncate(t, int64(uint64(x)>>c))
}

// divide computes x / y or x % y in t (y non-zero), truncating toward
// zero; INT_MIN / -1 wraps.
func divide(op ir.BinOp, x, y int64, t *ir.IntType) int64 {
	if t.Signed {
		if op == ir.Div {
			return ir.Truncate(t, x/y)
		}
		return ir.Truncate(t, x%y)
	}
	if op == ir.Div {
		return ir.Truncate(t, int64(uint64(x)/uint64(y)))
	}
	return ir.Truncate(t, int64(uint64(x)%uint64(y)))
}

// narrow converts x, a canonical value of e.X's type, to t. A conversion
// to a narrower type that changes the value is an overflow, and so is an
// unsigned value converted to the signed type of its width that does not
// hold it (as symex counts them; signed to unsigned is not).
func (m *machine) narrow(e *ir.Convert, x int64, t *ir.IntType) int64 {
	r := ir.Truncate(t, x)
	src, ok := e.X.Type().(*ir.IntType)
	if !ok {
		return r
	}
	if src.Bits == t.Bits && !src.Signed && t.Signed {
		if r != x || (src.Bits == 64 && x < 0) {
			m.overflow(e, mathVal(x, false).String(), t)
		}
		return r
	}
	if src.Bits <= t.Bits {
		return r
	}
	u64 := !src.Signed && src.Bits == 64 && x < 0 // ≥ 2^63: no narrower type holds it
	if u64 || r != x {
		m.overflow(e, mathVal(x, src.Signed).String(), t)
	}
	return r
}
