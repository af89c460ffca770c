package solver

import (
	"context"
	"fmt"

	"github.com/cudavet/cudavet/checkers/internal/sym"
)

// Minimize returns the smallest value of the bit-vector term v over the
// models of q, in unsigned or (signed) two's-complement order, with a model
// where v takes it: "overflows when num_tokens >= 74899" is the minimum of
// num_tokens over the models of the overflow query. The value is in v's
// low Width bits (read it with sym.SignExtend when signed).
//
// It bisects with Check: each step adds the bound v ≤ mid to the goal (so
// that slicing keeps v's variables), and a Sat answer lowers the upper
// bound to v's value in its model, which often ends the search early: at
// most about 2·Width+1 checks (a gallop down by halving, then the bisection). Result is Unsat when q has no model, Sat when the
// value is proven minimal, and Unknown when a check was inconclusive: the
// value and model are then the smallest found (an upper bound), or absent
// when q itself was Unknown.
func Minimize(ctx context.Context, s Solver, q Query, v *sym.Term, signed bool) (uint64, Model, Result, error) {
	return minimize(ctx, s, q, v, signed, false)
}

// MinimizeValue is Minimize for a caller that needs the value, not a
// model: in signed order too, range reasoning's lower bound of v is
// tried first (the offsets of a store start at thread 0's, which one
// check confirms where halving from the first model's took a dozen). The
// value is Minimize's wherever both end Sat; the model, which would
// differ, is not returned.
func MinimizeValue(ctx context.Context, s Solver, q Query, v *sym.Term, signed bool) (uint64, Result, error) {
	val, _, r, err := minimize(ctx, s, q, v, signed, true)
	return val, r, err
}

func minimize(ctx context.Context, s Solver, q Query, v *sym.Term, signed, signedRanges bool) (uint64, Model, Result, error) {
	if v.IsBool() {
		return 0, nil, Unknown, fmt.Errorf("minimize a boolean term %s", v)
	}
	w := v.Width
	// Signed order is unsigned order on values with the sign bit flipped.
	flip := uint64(0)
	if signed {
		flip = 1 << uint(w-1)
	}
	bounded := func(hi uint64) Query { // q ∧ v ≤ hi in the chosen order
		bound := sym.Ule(v, sym.Const(w, hi^flip))
		if signed {
			bound = sym.Sle(v, sym.Const(w, hi^flip))
		}
		goal := bound
		if q.Goal != nil {
			goal = sym.BAnd(q.Goal, bound)
		}
		return Query{Constraints: q.Constraints, Goal: goal}
	}
	r, best, err := s.Check(ctx, bounded(sym.Mask(w)))
	if err != nil || r != Sat {
		return 0, nil, r, err
	}
	hi, err := valueIn(v, best, flip)
	if err != nil {
		return 0, nil, Unknown, err
	}
	lo := uint64(0)
	// Range reasoning bounds v from below: nothing under its lower bound
	// can hold, and where the bound is exact (an offset tid·4 + k·1024, a
	// size at its smallest) one check settles the minimum that bisection
	// took twenty for.
	var rl uint64
	rok := false
	switch {
	case !signed:
		rl, _, rok = sym.Bounds(q.Terms(), v)
	case signedRanges:
		var sl int64
		sl, _, rok = sym.SignedBounds(q.Terms(), v)
		rl = uint64(sl)&sym.Mask(w) ^ flip
	}
	if rok && rl > 0 && rl <= hi {
		lo = rl
		if rl < hi {
			r, m, err := s.Check(ctx, bounded(rl))
			if err != nil || r == Unknown {
				return hi ^ flip, best, Unknown, err
			}
			if r == Sat {
				if x, err := valueIn(v, m, flip); err == nil && x <= rl {
					return x ^ flip, m, Sat, nil
				}
			}
			lo = rl + 1
		}
	}
	// Gallop down first: halve the value (towards zero) until a check is
	// Unsat. Sizes are positive and their minima are far above the type's
	// minimum, so this bounds the bisection below in a few checks.
	for {
		val := hi ^ flip
		var half uint64
		if signed {
			sv := sym.SignExtend(val, w)
			if sv <= 0 {
				break
			}
			half = uint64(sv/2) & sym.Mask(w)
		} else {
			if val == 0 {
				break
			}
			half = val / 2
		}
		mid := half ^ flip
		if mid <= lo || mid >= hi {
			break
		}
		r, m, err := s.Check(ctx, bounded(mid))
		if err != nil || r == Unknown {
			return hi ^ flip, best, Unknown, err
		}
		if r == Unsat {
			lo = mid + 1
			break
		}
		x, err := valueIn(v, m, flip)
		if err != nil || x > mid {
			return 0, nil, Unknown, fmt.Errorf("minimize: model %s breaks the bound %s <= %d", m, v, mid^flip)
		}
		hi, best = x, m
	}
	for lo < hi {
		mid := lo + (hi-lo)/2
		r, m, err := s.Check(ctx, bounded(mid))
		switch {
		case err != nil:
			return hi ^ flip, best, Unknown, err
		case r == Unsat:
			lo = mid + 1
		case r == Sat:
			x, err := valueIn(v, m, flip)
			if err != nil {
				return 0, nil, Unknown, err
			}
			if x > mid { // a wrong model: stop rather than loop
				return 0, nil, Unknown, fmt.Errorf("minimize: model %s breaks the bound %s <= %d", m, v, mid^flip)
			}
			hi, best = x, m
		default:
			return hi ^ flip, best, Unknown, nil
		}
	}
	return hi ^ flip, best, Sat, nil
}

// valueIn returns v's value in m, with the sign bit flipped by flip.
func valueIn(v *sym.Term, m Model, flip uint64) (uint64, error) {
	e := evaluator{env: m, memo: map[*sym.Term]uint64{}}
	x, err := e.eval(v)
	if err != nil {
		return 0, fmt.Errorf("minimize: model lacks a variable: %w", err)
	}
	return x ^ flip, nil
}
