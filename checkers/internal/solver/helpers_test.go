package solver

import (
	"github.com/cudavet/cudavet/checkers/internal/solver/internal/symgen"
	"github.com/cudavet/cudavet/checkers/internal/sym"
)

// Short names for test terms.
func v8(name string) *sym.Term { return sym.Var(name, 8) }
func c8(v uint64) *sym.Term    { return sym.Const(8, v) }

func query(goal *sym.Term, cs ...*sym.Term) Query { return Query{Constraints: cs, Goal: goal} }

// newGen returns a term generator small enough for Brute: widths 3 and 4
// (two variables each) and two booleans, 16 bits in all.
func newGen(seed int64) *symgen.Gen { return symgen.New(seed, 3, 4) }

// poolQuery draws a query from pool: each term a constraint with
// probability 1/3, and one of them the goal.
func poolQuery(g *symgen.Gen, pool []*sym.Term) Query {
	var cs []*sym.Term
	for _, p := range pool {
		if g.R.Intn(3) == 0 {
			cs = append(cs, p)
		}
	}
	return Query{Constraints: cs, Goal: pool[g.R.Intn(len(pool))]}
}
