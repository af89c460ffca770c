package solver

import (
	"context"

	"github.com/cudavet/cudavet/checkers/internal/sym"
)

// Corners looks for a model at the corners of the user-controlled sizes
// when the next solver cannot decide a query: with a size at its largest
// (or smallest) allowed value, what depends on it is a constant (a grid
// of min(ceil(numel / 256), 65535) blocks is 65535), and a product it
// entered ("iter · stride") is linear. A model of such an instance is a
// model of the query, so a Sat answer is exact; an Unsat instance says
// nothing of the query, which stays Unknown.
//
// The sizes to try come with the context (WithCorners): only the caller
// knows which variables are sizes a user picks, as opposed to thread ids
// or loop counters.
type Corners struct {
	next Solver
}

// maxCorners bounds the instances tried for one query, and cornerShare
// is the part of the query's work units each may use: an instance is
// linear where the query was not, so it is decided in a fraction of the
// work or not at all, and an undecided query costs at most half again.
const (
	maxCorners  = 2
	cornerShare = 4
)

// NewCorners returns next behind the corner search.
func NewCorners(next Solver) *Corners { return &Corners{next: next} }

type cornersKey struct{}

// WithCorners returns ctx naming the variables whose corners Corners
// tries.
func WithCorners(ctx context.Context, names []string) context.Context {
	return context.WithValue(ctx, cornersKey{}, names)
}

func cornersOf(ctx context.Context) []string {
	n, _ := ctx.Value(cornersKey{}).([]string)
	return n
}

// Check asks next, and tries the corners of an Unknown query. A query in
// which a size multiplies or divides another variable is asked of next
// first only until one of its cases is undecided (WithFirstUnknown): it
// is the kind whose cases each end at their work limit (a row index of
// blockIdx.x % ceil(M / 16) times a width), and at M's largest value its
// violation, if any, is a linear one that needs a fraction of the work.
// When the corners find none either, the query is asked whole.
func (c *Corners) Check(ctx context.Context, q Query) (Result, Model, error) {
	names := map[string]bool{}
	for _, n := range cornersOf(ctx) {
		names[n] = true
	}
	if len(names) == 0 {
		return c.next.Check(ctx, q)
	}
	early := nonlinearIn(q, names)
	qctx := ctx
	if early {
		qctx = WithFirstUnknown(ctx)
	}
	r, m, err := c.next.Check(qctx, q)
	if err != nil || r != Unknown || ctx.Err() != nil {
		return r, m, err
	}
	r, m, err = c.corners(ctx, q, names)
	if err != nil || r == Sat || !early || ctx.Err() != nil {
		return r, m, err
	}
	return c.next.Check(ctx, q)
}

type firstUnknownKey struct{}

// WithFirstUnknown returns ctx under which Split ends a query at its
// first undecided case.
func WithFirstUnknown(ctx context.Context) context.Context {
	return context.WithValue(ctx, firstUnknownKey{}, true)
}

func firstUnknownOf(ctx context.Context) bool {
	b, _ := ctx.Value(firstUnknownKey{}).(bool)
	return b
}

// nonlinearIn reports whether one of names multiplies a non-constant or
// divides in q.
func nonlinearIn(q Query, names map[string]bool) bool {
	domains := map[string][]uint64{}
	for n := range names {
		domains[n] = nil
	}
	out := map[string]int{}
	seen := map[*sym.Term]bool{}
	for _, t := range q.Terms() {
		markNonlinear(t, domains, out, seen)
	}
	return len(out) > 0
}

// corners tries the corners of q's variables among names: Sat with a
// model, or Unknown.
func (c *Corners) corners(ctx context.Context, q Query, names map[string]bool) (Result, Model, error) {
	vars, verr := q.Vars()
	if verr != nil {
		return Unknown, nil, nil
	}
	if w := WorkOf(ctx); w > 0 {
		ctx = WithWork(ctx, max(1, w/cornerShare))
	}
	tries := 0
	for _, v := range vars {
		if !names[v.Name] || v.IsBool() {
			continue
		}
		lo, hi, ok := constBounds(q, v)
		if !ok || hi < lo {
			continue
		}
		for _, x := range []int64{hi, lo} {
			if tries == maxCorners || ctx.Err() != nil {
				return Unknown, nil, nil
			}
			sub := substitute(q, map[string]*sym.Term{v.Name: sym.Const(v.Width, uint64(x)&sym.Mask(v.Width))})
			if trivialUnsat(sub) {
				continue
			}
			tries++
			r2, m2, err2 := c.next.Check(ctx, sub)
			if err2 != nil {
				return Unknown, nil, err2
			}
			if r2 == Sat {
				out := Model{v.Name: uint64(x) & sym.Mask(v.Width)}
				for k, val := range m2 {
					out[k] = val
				}
				return Sat, out, nil
			}
			if lo == hi {
				break
			}
		}
	}
	return Unknown, nil, nil
}

// ReasonUnknown passes on the next solver's reason.
func (c *Corners) ReasonUnknown() string { return reason(c.next) }
