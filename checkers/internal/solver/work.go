package solver

import (
	"context"
	"sync"
)

// Solver work is counted in the base solver's resource units (Z3's
// rlimit), not in wall-clock time, so that the same query gets the same
// answer on a busy machine and with any -j: a deadline that a loaded CPU
// reaches first would turn a proof into "undecided".

type workKey struct{}

// WithWork returns ctx carrying a limit of units of solver work for each
// check made under it (0: no limit).
func WithWork(ctx context.Context, units uint64) context.Context {
	return context.WithValue(ctx, workKey{}, units)
}

// WorkOf returns the per-check work limit ctx carries (0: none).
func WorkOf(ctx context.Context) uint64 {
	u, _ := ctx.Value(workKey{}).(uint64)
	return u
}

// Allowance is a total of work units shared by the chains that check one
// kernel: each query that reaches the solver is charged the units it is
// granted, used or not, so what is left depends only on the queries
// asked, never on timing. Safe for concurrent use.
type Allowance struct {
	mu   sync.Mutex
	left uint64
}

// NewAllowance returns an allowance of units.
func NewAllowance(units uint64) *Allowance { return &Allowance{left: units} }

// take charges n units; false (and nothing charged) when fewer are left.
func (a *Allowance) take(n uint64) bool {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.left < n {
		return false
	}
	a.left -= n
	return true
}

// Left returns the units not yet charged.
func (a *Allowance) Left() uint64 {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.left
}

// Budget grants each query units of work (see WithWork) and charges them
// to an allowance (nil: none); a query the allowance cannot pay for is
// Unknown without reaching the solver.
type Budget struct {
	next  Solver
	units uint64
	a     *Allowance
}

// NewBudget returns next with units per query charged to a.
func NewBudget(next Solver, units uint64, a *Allowance) *Budget {
	return &Budget{next: next, units: units, a: a}
}

// Check asks the next solver within the query's units.
func (b *Budget) Check(ctx context.Context, q Query) (Result, Model, error) {
	if b.a != nil && !b.a.take(b.units) {
		return Unknown, nil, nil
	}
	return b.next.Check(WithWork(ctx, b.units), q)
}
