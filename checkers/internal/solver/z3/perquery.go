package z3

import (
	"context"
	"sync"

	"github.com/cudavet/cudavet/checkers/internal/solver"
)

// PerQuery is a solver.Solver that decides each query in a context of
// its own, made for it and closed after it (about 1.5 ms): the answer,
// model and reason are then a function of the query and its work units
// alone, never of what the context saw before (AST ids, made in the order
// of earlier translations, steer Z3's choices). That is what lets answers
// be shared between goroutines without making output depend on -j
// (solver.Shared). Safe for concurrent use.
type PerQuery struct {
	opts Options

	mu     sync.Mutex
	reason string
}

// NewPerQuery returns a PerQuery whose contexts use opts.
func NewPerQuery(opts Options) *PerQuery { return &PerQuery{opts: opts} }

// Check decides q in a new context.
func (p *PerQuery) Check(ctx context.Context, q solver.Query) (solver.Result, solver.Model, error) {
	s, err := New(p.opts)
	if err != nil {
		return solver.Unknown, nil, err
	}
	defer s.Close()
	r, m, err := s.Check(ctx, q)
	p.mu.Lock()
	p.reason = s.ReasonUnknown()
	p.mu.Unlock()
	return r, m, err
}

// ReasonUnknown returns Z3's reason for the latest Unknown answer.
func (p *PerQuery) ReasonUnknown() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.reason
}
