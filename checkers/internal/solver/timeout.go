package solver

import (
	"context"
	"time"
)

// Timeout gives each query its own deadline, d after it starts (or the
// caller's, when sooner). The next solver must honour ctx; the z3 solver
// turns the deadline into Z3's timeout parameter and interrupts Z3 when
// ctx is done. A query that runs out of time is Unknown.
type Timeout struct {
	next Solver
	d    time.Duration
}

// NewTimeout returns next with a per-query limit d (d <= 0: no limit).
func NewTimeout(next Solver, d time.Duration) *Timeout { return &Timeout{next: next, d: d} }

// Check asks the next solver under a deadline d from now.
func (t *Timeout) Check(ctx context.Context, q Query) (Result, Model, error) {
	if t.d <= 0 {
		return t.next.Check(ctx, q)
	}
	ctx, cancel := context.WithTimeout(ctx, t.d)
	defer cancel()
	return t.next.Check(ctx, q)
}
