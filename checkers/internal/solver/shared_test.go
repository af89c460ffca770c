package solver

import (
	"context"
	"testing"

	"github.com/cudavet/cudavet/checkers/internal/sym"
)

// reasoned is a fake base with a reason for its Unknown answers.
type reasoned struct {
	fake
	why string
}

func (r *reasoned) ReasonUnknown() string { return r.why }

// Shared keeps an Unknown at the resource limit (the base's answer for
// those work units, whoever asks), keyed by the work units, and never an
// Unknown from a cancellation.
func TestSharedUnknowns(t *testing.T) {
	q := query(sym.Ult(v8("x"), c8(3)))
	base := &reasoned{why: "max. resource limit exceeded"}
	base.answer = func(context.Context, Query) (Result, Model, error) { return Unknown, nil, nil }
	sh := NewShared()
	a, b := sh.Wrap(base), sh.Wrap(base)
	ctx := WithWork(context.Background(), 100)
	a.Check(ctx, q)
	if r, _, _ := b.Check(ctx, q); r != Unknown || base.count() != 1 {
		t.Errorf("second chain: %v after %d base calls, want the shared unknown", r, base.count())
	}
	b.Check(WithWork(context.Background(), 200), q)
	if base.count() != 2 {
		t.Errorf("other work units: %d base calls, want 2", base.count())
	}
	base.why = "canceled"
	q2 := query(sym.Ult(v8("y"), c8(3)))
	a.Check(ctx, q2)
	b.Check(ctx, q2)
	if base.count() != 4 {
		t.Errorf("a cancelled unknown was shared: %d base calls, want 4", base.count())
	}
}
