package solver_test

import (
	"context"
	"testing"

	"github.com/cudavet/cudavet/checkers/internal/solver"
	"github.com/cudavet/cudavet/checkers/internal/solver/internal/symgen"
	"github.com/cudavet/cudavet/checkers/internal/solver/z3"
	"github.com/cudavet/cudavet/checkers/internal/sym"
)

// TestZ3AgreesWithBrute decides random queries over 3- and 4-bit
// variables with Z3 (through a full Chain, and alone) and by enumeration:
// the answers agree, and every Sat model satisfies its query.
func TestZ3AgreesWithBrute(t *testing.T) {
	s, err := z3.New(z3.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	chain := solver.NewChain(s, solver.Options{Cache: true})
	var brute solver.Brute
	g := symgen.New(12, 3, 4)
	ctx := context.Background()
	for i := 0; i < 150; i++ {
		q := solver.Query{Constraints: []*sym.Term{g.Bool(2), g.Bool(2)}, Goal: g.Bool(3)}
		want, _, err := brute.Check(ctx, q)
		if err != nil {
			t.Fatal(err)
		}
		for name, s := range map[string]solver.Solver{"z3": s, "chain": chain} {
			got, m, err := s.Check(ctx, q)
			if err != nil || got != want {
				t.Fatalf("%s: %v: %v (%v), brute force %v", name, q, got, err, want)
			}
			if got == solver.Sat && !solver.Satisfies(m, q) {
				t.Fatalf("%s: %v: model %v does not satisfy it", name, q, m)
			}
		}
	}
	t.Logf("chain: %v", chain.Stats())
}
