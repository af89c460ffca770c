package sym

import "sync/atomic"

// Op is the operator of a Term.
type Op uint8

// Operators. Bit-vector operators take and return bit-vectors of one width
// (shifts too); ZExt, SExt and Trunc change it; comparisons and the
// overflow predicates take bit-vectors and return bool; BAnd, BOr, BNot,
// Ite on bools are boolean.
const (
	OpConst Op = iota // bit-vector constant (Val), or bool constant (Val 0/1, Width 0)
	OpVar             // variable (Name)
	OpAdd
	OpSub
	OpMul
	OpUDiv
	OpSDiv
	OpURem
	OpSRem
	OpShl
	OpLShr
	OpAShr
	OpAnd
	OpOr
	OpXor
	OpNot // bitwise complement
	OpNeg
	OpZExt  // zero-extend Args[0] to Width
	OpSExt  // sign-extend Args[0] to Width
	OpTrunc // low Width bits of Args[0]
	OpIte   // Args[0] ? Args[1] : Args[2]
	OpEq
	OpUlt
	OpUle
	OpSlt
	OpSle
	OpBAnd
	OpBOr
	OpBNot
	// Overflow predicates: true when the mathematical result of the
	// operation on Args[0], Args[1] read as signed (Signed set) or
	// unsigned integers of their width does not fit that width.
	OpAddOvf
	OpSubOvf
	OpMulOvf
)

var opNames = [...]string{
	OpConst: "const", OpVar: "var", OpAdd: "bvadd", OpSub: "bvsub", OpMul: "bvmul", OpUDiv: "bvudiv",
	OpSDiv: "bvsdiv", OpURem: "bvurem", OpSRem: "bvsrem", OpShl: "bvshl", OpLShr: "bvlshr", OpAShr: "bvashr",
	OpAnd: "bvand", OpOr: "bvor", OpXor: "bvxor", OpNot: "bvnot", OpNeg: "bvneg", OpZExt: "zext",
	OpSExt: "sext", OpTrunc: "trunc", OpIte: "ite", OpEq: "=", OpUlt: "bvult", OpUle: "bvule",
	OpSlt: "bvslt", OpSle: "bvsle", OpBAnd: "and", OpBOr: "or", OpBNot: "not",
	OpAddOvf: "addovf", OpSubOvf: "subovf", OpMulOvf: "mulovf",
}

func (o Op) String() string { return opNames[o] }

// Term is an immutable symbolic expression. Width is the bit-vector width
// (1 to 64), or 0 for a boolean. Terms are compared structurally by their
// Key; pointer equality is not meaningful.
type Term struct {
	Op     Op
	Width  int
	Signed bool // for the overflow predicates
	Val    uint64
	Name   string
	Args   []*Term

	// key and vars cache Key and Vars. Terms are shared between
	// goroutines (the launcher cache hands one term to kernels analysed in
	// parallel), so the caches are filled atomically: two goroutines may
	// both compute a value, but they compute the same one, and a reader
	// sees either nil or a complete value.
	key  atomic.Pointer[string]
	vars atomic.Pointer[[]*Term]
	// point caches a constant's intervals for the range step (read-only
	// big.Ints, as every interval is).
	point atomic.Pointer[pair]
}

// IsBool reports whether t is a boolean term.
func (t *Term) IsBool() bool { return t.Width == 0 }

// Const returns the value of a constant term (bools as 0 or 1).
func (t *Term) Const() (uint64, bool) { return t.Val, t.Op == OpConst }

// IsTrue and IsFalse report boolean constants.
func (t *Term) IsTrue() bool { return t.Op == OpConst && t.Width == 0 && t.Val == 1 }

// IsFalse reports the boolean constant false.
func (t *Term) IsFalse() bool { return t.Op == OpConst && t.Width == 0 && t.Val == 0 }

// Vars returns the distinct variables of t, sorted by name.
func (t *Term) Vars() []*Term {
	if vs := t.vars.Load(); vs != nil {
		return *vs
	}
	seen := map[string]*Term{}
	collectVars(t, seen)
	vs := sortedVars(seen)
	t.vars.Store(&vs)
	return vs
}

func collectVars(t *Term, seen map[string]*Term) {
	if t.Op == OpVar {
		seen[t.Name] = t
		return
	}
	if vs := t.vars.Load(); vs != nil {
		for _, v := range *vs {
			seen[v.Name] = v
		}
		return
	}
	for _, a := range t.Args {
		collectVars(a, seen)
	}
}

// Mask returns the all-ones value of width w.
func Mask(w int) uint64 {
	if w >= 64 {
		return ^uint64(0)
	}
	return 1<<uint(w) - 1
}

// SignExtend reads the low w bits of v as a signed integer.
func SignExtend(v uint64, w int) int64 {
	if w >= 64 {
		return int64(v)
	}
	s := uint(64 - w)
	return int64(v<<s) >> s
}
