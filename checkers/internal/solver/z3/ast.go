package z3

/*
#include <z3.h>
*/
import "C"

// AST is a Z3 term of sort Bool or a bit-vector, valid until its Context's
// Release or Close. The zero AST is invalid: a constructor returns it when
// the context has failed (see Context.Err) or an argument is invalid, and
// constructors given it return it again, so a chain of calls needs one
// error check at its end.
type AST struct {
	c *Context
	a C.Z3_ast
}

// Valid reports whether a is a real term.
func (a AST) Valid() bool { return a.a != nil }

// String returns Z3's printed form of a (SMT-LIB).
func (a AST) String() string {
	if a.a == nil {
		return "<invalid>"
	}
	return C.GoString(C.Z3_ast_to_string(a.c.ctx, a.a))
}

// op calls mk when the context is healthy and every argument is a valid AST
// of c, and keeps the result.
func (c *Context) op(mk func() C.Z3_ast, args ...AST) AST {
	if c == nil || c.err != nil { // c is nil for a method on the zero AST
		return AST{}
	}
	for _, a := range args {
		if a.a == nil || a.c != c {
			c.fail(errInvalid)
			return AST{}
		}
	}
	return c.keep(mk())
}

// BoolVal returns true or false.
func (c *Context) BoolVal(b bool) AST {
	if b {
		return c.op(func() C.Z3_ast { return C.Z3_mk_true(c.ctx) })
	}
	return c.op(func() C.Z3_ast { return C.Z3_mk_false(c.ctx) })
}

// BVVal returns the w-bit constant v (its low w bits).
func (c *Context) BVVal(w int, v uint64) AST {
	return c.op(func() C.Z3_ast { return C.Z3_mk_unsigned_int64(c.ctx, C.uint64_t(v), c.sort(w)) })
}

// BoolConst returns the boolean variable name.
func (c *Context) BoolConst(name string) AST { return c.BVConst(name, 0) }

// BVConst returns the w-bit variable name (w = 0: boolean).
func (c *Context) BVConst(name string, w int) AST {
	return c.op(func() C.Z3_ast { return C.Z3_mk_const(c.ctx, c.symbol(name), c.sort(w)) })
}

// And returns the conjunction of xs (true when empty).
func (c *Context) And(xs ...AST) AST {
	if len(xs) == 0 {
		return c.BoolVal(true)
	}
	as := c.raw(xs)
	return c.op(func() C.Z3_ast { return C.Z3_mk_and(c.ctx, C.uint(len(as)), &as[0]) }, xs...)
}

// Or returns the disjunction of xs (false when empty).
func (c *Context) Or(xs ...AST) AST {
	if len(xs) == 0 {
		return c.BoolVal(false)
	}
	as := c.raw(xs)
	return c.op(func() C.Z3_ast { return C.Z3_mk_or(c.ctx, C.uint(len(as)), &as[0]) }, xs...)
}

// raw returns the Z3 handles of xs (a Go slice of C pointers, which cgo
// lets us pass).
func (c *Context) raw(xs []AST) []C.Z3_ast {
	as := make([]C.Z3_ast, len(xs))
	for i, x := range xs {
		as[i] = x.a
	}
	return as
}

// Not returns ¬a.
func (a AST) Not() AST { return a.c.op(func() C.Z3_ast { return C.Z3_mk_not(a.c.ctx, a.a) }, a) }

// Ite returns a ? x : y.
func (a AST) Ite(x, y AST) AST {
	return a.c.op(func() C.Z3_ast { return C.Z3_mk_ite(a.c.ctx, a.a, x.a, y.a) }, a, x, y)
}

// Eq returns a = b.
func (a AST) Eq(b AST) AST {
	return a.c.op(func() C.Z3_ast { return C.Z3_mk_eq(a.c.ctx, a.a, b.a) }, a, b)
}

// Add returns a + b (mod 2^w).
func (a AST) Add(b AST) AST {
	return a.bin(b, func() C.Z3_ast { return C.Z3_mk_bvadd(a.c.ctx, a.a, b.a) })
}

// Sub returns a - b (mod 2^w).
func (a AST) Sub(b AST) AST {
	return a.bin(b, func() C.Z3_ast { return C.Z3_mk_bvsub(a.c.ctx, a.a, b.a) })
}

// Mul returns a * b (mod 2^w).
func (a AST) Mul(b AST) AST {
	return a.bin(b, func() C.Z3_ast { return C.Z3_mk_bvmul(a.c.ctx, a.a, b.a) })
}

// UDiv returns a / b unsigned; a / 0 is all ones (SMT-LIB).
func (a AST) UDiv(b AST) AST {
	return a.bin(b, func() C.Z3_ast { return C.Z3_mk_bvudiv(a.c.ctx, a.a, b.a) })
}

// SDiv returns a / b signed, rounding to zero; a / 0 is -1 for a ≥ 0 and 1 for a < 0.
func (a AST) SDiv(b AST) AST {
	return a.bin(b, func() C.Z3_ast { return C.Z3_mk_bvsdiv(a.c.ctx, a.a, b.a) })
}

// URem returns a % b unsigned; a % 0 is a.
func (a AST) URem(b AST) AST {
	return a.bin(b, func() C.Z3_ast { return C.Z3_mk_bvurem(a.c.ctx, a.a, b.a) })
}

// SRem returns a % b signed (the sign of a); a % 0 is a.
func (a AST) SRem(b AST) AST {
	return a.bin(b, func() C.Z3_ast { return C.Z3_mk_bvsrem(a.c.ctx, a.a, b.a) })
}

// Shl returns a << b (0 when b ≥ w).
func (a AST) Shl(b AST) AST {
	return a.bin(b, func() C.Z3_ast { return C.Z3_mk_bvshl(a.c.ctx, a.a, b.a) })
}

// LShr returns a >> b, zero filling.
func (a AST) LShr(b AST) AST {
	return a.bin(b, func() C.Z3_ast { return C.Z3_mk_bvlshr(a.c.ctx, a.a, b.a) })
}

// AShr returns a >> b, sign filling.
func (a AST) AShr(b AST) AST {
	return a.bin(b, func() C.Z3_ast { return C.Z3_mk_bvashr(a.c.ctx, a.a, b.a) })
}

// BVAnd returns the bitwise a & b.
func (a AST) BVAnd(b AST) AST {
	return a.bin(b, func() C.Z3_ast { return C.Z3_mk_bvand(a.c.ctx, a.a, b.a) })
}

// BVOr returns the bitwise a | b.
func (a AST) BVOr(b AST) AST {
	return a.bin(b, func() C.Z3_ast { return C.Z3_mk_bvor(a.c.ctx, a.a, b.a) })
}

// BVXor returns the bitwise a ^ b.
func (a AST) BVXor(b AST) AST {
	return a.bin(b, func() C.Z3_ast { return C.Z3_mk_bvxor(a.c.ctx, a.a, b.a) })
}

// BVNot returns the bitwise ^a.
func (a AST) BVNot() AST { return a.c.op(func() C.Z3_ast { return C.Z3_mk_bvnot(a.c.ctx, a.a) }, a) }

// Neg returns -a (two's complement).
func (a AST) Neg() AST { return a.c.op(func() C.Z3_ast { return C.Z3_mk_bvneg(a.c.ctx, a.a) }, a) }

// ULT returns a < b unsigned.
func (a AST) ULT(b AST) AST {
	return a.bin(b, func() C.Z3_ast { return C.Z3_mk_bvult(a.c.ctx, a.a, b.a) })
}

// ULE returns a ≤ b unsigned.
func (a AST) ULE(b AST) AST {
	return a.bin(b, func() C.Z3_ast { return C.Z3_mk_bvule(a.c.ctx, a.a, b.a) })
}

// SLT returns a < b signed.
func (a AST) SLT(b AST) AST {
	return a.bin(b, func() C.Z3_ast { return C.Z3_mk_bvslt(a.c.ctx, a.a, b.a) })
}

// SLE returns a ≤ b signed.
func (a AST) SLE(b AST) AST {
	return a.bin(b, func() C.Z3_ast { return C.Z3_mk_bvsle(a.c.ctx, a.a, b.a) })
}

// ZeroExt widens a by k zero bits.
func (a AST) ZeroExt(k int) AST {
	return a.c.op(func() C.Z3_ast { return C.Z3_mk_zero_ext(a.c.ctx, C.uint(k), a.a) }, a)
}

// SignExt widens a by k copies of its sign bit.
func (a AST) SignExt(k int) AST {
	return a.c.op(func() C.Z3_ast { return C.Z3_mk_sign_ext(a.c.ctx, C.uint(k), a.a) }, a)
}

// Extract returns bits hi down to lo of a.
func (a AST) Extract(hi, lo int) AST {
	return a.c.op(func() C.Z3_ast { return C.Z3_mk_extract(a.c.ctx, C.uint(hi), C.uint(lo), a.a) }, a)
}

// AddNoOverflow returns "a+b is at most the maximum" (signed or unsigned).
// Z3's overflow predicates are true when the operation does NOT leave the
// range: "overflow" is above the maximum, "underflow" below the minimum.
func (a AST) AddNoOverflow(b AST, signed bool) AST {
	return a.bin(b, func() C.Z3_ast { return C.Z3_mk_bvadd_no_overflow(a.c.ctx, a.a, b.a, C.bool(signed)) })
}

// AddNoUnderflow returns "a+b is at least the minimum" (signed).
func (a AST) AddNoUnderflow(b AST) AST {
	return a.bin(b, func() C.Z3_ast { return C.Z3_mk_bvadd_no_underflow(a.c.ctx, a.a, b.a) })
}

// SubNoOverflow returns "a-b is at most the maximum" (signed).
func (a AST) SubNoOverflow(b AST) AST {
	return a.bin(b, func() C.Z3_ast { return C.Z3_mk_bvsub_no_overflow(a.c.ctx, a.a, b.a) })
}

// SubNoUnderflow returns "a-b is at least the minimum" (0 when unsigned).
func (a AST) SubNoUnderflow(b AST, signed bool) AST {
	return a.bin(b, func() C.Z3_ast { return C.Z3_mk_bvsub_no_underflow(a.c.ctx, a.a, b.a, C.bool(signed)) })
}

// MulNoOverflow returns "a*b is at most the maximum". Signed, libz3 4.8.12
// simplifies it wrongly on constants: Term encodes that case itself.
func (a AST) MulNoOverflow(b AST, signed bool) AST {
	return a.bin(b, func() C.Z3_ast { return C.Z3_mk_bvmul_no_overflow(a.c.ctx, a.a, b.a, C.bool(signed)) })
}

// MulNoUnderflow returns "a*b is at least the minimum" (signed). libz3
// 4.8.12 simplifies it wrongly on constants.
func (a AST) MulNoUnderflow(b AST) AST {
	return a.bin(b, func() C.Z3_ast { return C.Z3_mk_bvmul_no_underflow(a.c.ctx, a.a, b.a) })
}

func (a AST) bin(b AST, mk func() C.Z3_ast) AST { return a.c.op(mk, a, b) }

// Simplify returns a simplified by Z3's rewriter (a constant for a ground
// term).
func (a AST) Simplify() AST { return a.c.op(func() C.Z3_ast { return C.Z3_simplify(a.c.ctx, a.a) }, a) }

// Uint64 returns the value of a bit-vector numeral (or of true/false as
// 1/0); ok is false when a is not a constant.
func (a AST) Uint64() (v uint64, ok bool) {
	if a.a == nil {
		return 0, false
	}
	switch C.Z3_get_bool_value(a.c.ctx, a.a) {
	case C.Z3_L_TRUE:
		return 1, true
	case C.Z3_L_FALSE:
		return 0, true
	}
	if C.Z3_is_numeral_ast(a.c.ctx, a.a) {
		var u C.uint64_t
		if C.Z3_get_numeral_uint64(a.c.ctx, a.a, &u) {
			return uint64(u), true
		}
	}
	return 0, false
}
