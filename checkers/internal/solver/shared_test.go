package solver

import (
	"bytes"
	"context"
	"strings"
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

// Save and Load carry the table's answers to another process: a query
// answered before is answered from them, models and work units included,
// without the base; the bytes of a table do not depend on its order.
func TestSharedSaveLoad(t *testing.T) {
	sat, unsat, unknown := query(sym.Ult(v8("x"), c8(3))), query(sym.Ult(v8("y"), c8(0))), query(sym.Ult(v8("z"), c8(9)))
	base := &reasoned{why: "max. resource limit exceeded"}
	base.answer = func(_ context.Context, q Query) (Result, Model, error) {
		switch {
		case q.Goal == sat.Goal:
			return Sat, Model{"x": 2}, nil
		case q.Goal == unsat.Goal:
			return Unsat, nil, nil
		}
		return Unknown, nil, nil
	}
	ctx := WithWork(context.Background(), 100)
	// askAndSave asks qs of a new table in that order and saves it.
	askAndSave := func(qs ...Query) []byte {
		table := NewShared()
		s := table.Wrap(base)
		for _, q := range qs {
			s.Check(ctx, q)
		}
		var saved bytes.Buffer
		if err := table.Save(&saved); err != nil {
			t.Fatal(err)
		}
		return saved.Bytes()
	}
	saved := askAndSave(unknown, sat, unsat)
	// Another table of the same answers, asked in another order.
	saved2 := askAndSave(sat, unsat, unknown)
	if !bytes.Equal(saved, saved2) {
		t.Error("the same answers saved in another order give other bytes")
	}

	calls := base.count()
	second := NewShared()
	n, err := second.Load(bytes.NewReader(saved))
	if err != nil || n != 3 {
		t.Fatalf("Load: %d answers, %v; want 3", n, err)
	}
	s3 := second.Wrap(base)
	if r, m, _ := s3.Check(ctx, sat); r != Sat || m["x"] != 2 {
		t.Errorf("loaded sat answer: %v %v", r, m)
	}
	if r, _, _ := s3.Check(ctx, unsat); r != Unsat {
		t.Errorf("loaded unsat answer: %v", r)
	}
	if r, _, _ := s3.Check(ctx, unknown); r != Unknown {
		t.Errorf("loaded unknown answer: %v", r)
	}
	if base.count() != calls {
		t.Errorf("the base was asked %d times after loading", base.count()-calls)
	}
	// Other work units are another question.
	s3.Check(WithWork(context.Background(), 200), unknown)
	if base.count() != calls+1 {
		t.Error("an answer for other work units was taken from the loaded table")
	}
	if _, err := NewShared().Load(strings.NewReader("not gob")); err == nil {
		t.Error("Load accepted garbage")
	}
}
