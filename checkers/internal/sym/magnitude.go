package sym

import "math/big"

// cannotOverflow reports whether x op y can never leave the operands'
// width, judging by the operands' ranges alone (interval arithmetic over
// the terms' structure): a 64-bit product of two values widened from 32
// bits, or a sum of two 32-bit values widened to 64, never wraps. Such
// predicates are False before any solver sees them; bit-blasting a signed
// 64-bit product's overflow test costs a 128-bit multiplier.
func cannotOverflow(op Op, x, y *Term, signed bool) bool {
	w := x.Width
	var a, b interval
	if signed {
		a, b = srange(x), srange(y)
	} else {
		a, b = urange(x), urange(y)
	}
	var r interval
	switch op {
	case OpAddOvf:
		r = a.add(b)
	case OpSubOvf:
		r = a.sub(b)
	case OpMulOvf:
		r = a.mul(b)
	default:
		return false
	}
	if signed {
		return r.within(full(w, true))
	}
	return r.within(full(w, false))
}

// interval is the closed range [lo, hi] of mathematical integers.
type interval struct{ lo, hi *big.Int }

// full returns the range of w-bit values, read signed or unsigned. The
// intervals of widths 1 to 64 are made once: intervals are never changed
// in place (every operation makes new bounds), so they can be shared.
func full(w int, signed bool) interval {
	if w >= 1 && w <= 64 {
		if signed {
			return fullSigned[w]
		}
		return fullUnsigned[w]
	}
	return makeFull(w, signed)
}

var fullSigned, fullUnsigned = func() (s, u [65]interval) {
	for w := 1; w <= 64; w++ {
		s[w], u[w] = makeFull(w, true), makeFull(w, false)
	}
	return
}()

func makeFull(w int, signed bool) interval {
	if signed {
		lo := new(big.Int).Lsh(big.NewInt(1), uint(w-1))
		hi := new(big.Int).Sub(lo, big.NewInt(1))
		return interval{lo.Neg(lo), hi}
	}
	hi := new(big.Int).Lsh(big.NewInt(1), uint(w))
	return interval{big.NewInt(0), hi.Sub(hi, big.NewInt(1))}
}

func point(v *big.Int) interval { return interval{v, v} }

func (a interval) within(b interval) bool { return a.lo.Cmp(b.lo) >= 0 && a.hi.Cmp(b.hi) <= 0 }

func (a interval) add(b interval) interval {
	return interval{new(big.Int).Add(a.lo, b.lo), new(big.Int).Add(a.hi, b.hi)}
}

func (a interval) sub(b interval) interval {
	return interval{new(big.Int).Sub(a.lo, b.hi), new(big.Int).Sub(a.hi, b.lo)}
}

func (a interval) mul(b interval) interval {
	ps := []*big.Int{new(big.Int).Mul(a.lo, b.lo), new(big.Int).Mul(a.lo, b.hi), new(big.Int).Mul(a.hi, b.lo), new(big.Int).Mul(a.hi, b.hi)}
	lo, hi := ps[0], ps[0]
	for _, p := range ps[1:] {
		if p.Cmp(lo) < 0 {
			lo = p
		}
		if p.Cmp(hi) > 0 {
			hi = p
		}
	}
	return interval{lo, hi}
}

// clamp keeps r when the operation computing it cannot wrap in width w,
// else gives w's whole range.
func clamp(r interval, w int, signed bool) interval {
	f := full(w, signed)
	if r.within(f) {
		return r
	}
	return f
}

// srange bounds the signed value of t.
func srange(t *Term) interval {
	w := t.Width
	switch t.Op {
	case OpConst:
		return point(big.NewInt(SignExtend(t.Val, w)))
	case OpSExt:
		return srange(t.Args[0])
	case OpZExt:
		if w > t.Args[0].Width {
			return urange(t.Args[0])
		}
	case OpAdd:
		return clamp(srange(t.Args[0]).add(srange(t.Args[1])), w, true)
	case OpSub:
		return clamp(srange(t.Args[0]).sub(srange(t.Args[1])), w, true)
	case OpMul:
		return clamp(srange(t.Args[0]).mul(srange(t.Args[1])), w, true)
	case OpIte:
		a, b := srange(t.Args[1]), srange(t.Args[2])
		return interval{minBig(a.lo, b.lo), maxBig(a.hi, b.hi)}
	}
	return full(w, true)
}

// urange bounds the unsigned value of t.
func urange(t *Term) interval {
	w := t.Width
	switch t.Op {
	case OpConst:
		return point(new(big.Int).SetUint64(t.Val))
	case OpZExt:
		return urange(t.Args[0])
	case OpAdd:
		return clamp(urange(t.Args[0]).add(urange(t.Args[1])), w, false)
	case OpMul:
		return clamp(urange(t.Args[0]).mul(urange(t.Args[1])), w, false)
	case OpUDiv, OpLShr:
		return interval{big.NewInt(0), urange(t.Args[0]).hi}
	case OpURem:
		return interval{big.NewInt(0), minBig(urange(t.Args[0]).hi, urange(t.Args[1]).hi)}
	case OpAnd:
		return interval{big.NewInt(0), minBig(urange(t.Args[0]).hi, urange(t.Args[1]).hi)}
	case OpIte:
		a, b := urange(t.Args[1]), urange(t.Args[2])
		return interval{minBig(a.lo, b.lo), maxBig(a.hi, b.hi)}
	}
	return full(w, false)
}

func minBig(a, b *big.Int) *big.Int {
	if a.Cmp(b) < 0 {
		return a
	}
	return b
}

func maxBig(a, b *big.Int) *big.Int {
	if a.Cmp(b) > 0 {
		return a
	}
	return b
}
