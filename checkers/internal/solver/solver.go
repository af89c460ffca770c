package solver

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"github.com/cudavet/cudavet/checkers/internal/sym"
)

// Result is a solver's answer to a Query.
type Result int

// Results. Unknown is the zero value: a solver that gave up (timeout,
// cancellation, incompleteness) proves nothing, and a checker stays silent.
const (
	Unknown Result = iota
	Sat
	Unsat
)

var resultNames = [...]string{Unknown: "unknown", Sat: "sat", Unsat: "unsat"}

// String returns "unknown", "sat" or "unsat" (SMT-LIB's check-sat answers).
func (r Result) String() string {
	if r < 0 || int(r) >= len(resultNames) {
		return fmt.Sprintf("Result(%d)", int(r))
	}
	return resultNames[r]
}

// Model maps each variable name of a satisfiable query to its value
// (bit-vectors in their low Width bits, booleans as 0 or 1).
type Model map[string]uint64

// Env returns m as the variable environment of sym.Eval.
func (m Model) Env() func(string) (uint64, bool) {
	return func(name string) (uint64, bool) {
		v, ok := m[name]
		return v, ok
	}
}

// String returns the assignments sorted by name: "M=74900 row=74899".
func (m Model) String() string {
	names := make([]string, 0, len(m))
	for n := range m {
		names = append(names, n)
	}
	sort.Strings(names)
	var b strings.Builder
	for i, n := range names {
		if i > 0 {
			b.WriteByte(' ')
		}
		fmt.Fprintf(&b, "%s=%d", n, m[n])
	}
	return b.String()
}

// Query asks whether ∧Constraints ∧ Goal is satisfiable. All terms are
// booleans. Constraints are the path condition and assumptions; Goal is the
// property asked about (a branch condition, or the negation of a safety
// property). Independence slicing assumes ∧Constraints alone is
// satisfiable (see Independence): put a new, unchecked condition in Goal.
type Query struct {
	Constraints []*sym.Term
	Goal        *sym.Term
}

// Terms returns the constraints followed by the goal (when not nil).
func (q Query) Terms() []*sym.Term {
	ts := make([]*sym.Term, 0, len(q.Constraints)+1)
	ts = append(ts, q.Constraints...)
	if q.Goal != nil {
		ts = append(ts, q.Goal)
	}
	return ts
}

// Vars returns the distinct variables of q sorted by name, or an error
// when a name is used at two widths (sym's Keys print a variable by name
// alone, so such a query has no meaning here).
func (q Query) Vars() ([]*sym.Term, error) {
	seen := map[string]*sym.Term{}
	for _, t := range q.Terms() {
		for _, v := range t.Vars() {
			if old, ok := seen[v.Name]; ok && old.Width != v.Width {
				return nil, fmt.Errorf("variable %s used at widths %d and %d", v.Name, old.Width, v.Width)
			}
			seen[v.Name] = v
		}
	}
	vars := make([]*sym.Term, 0, len(seen))
	for _, v := range seen {
		vars = append(vars, v)
	}
	sort.Slice(vars, func(i, j int) bool { return vars[i].Name < vars[j].Name })
	return vars, nil
}

// Solver decides whether ∧Constraints ∧ Goal is satisfiable. On Sat the
// model assigns every variable of the query (after any slicing a decorator
// did: see Independence). A Solver honours ctx: when ctx is done it returns
// Unknown soon, with a nil error. Errors are for malformed queries and
// solver failures, never for "don't know".
type Solver interface {
	Check(ctx context.Context, q Query) (Result, Model, error)
}

// Reasoner is implemented by solvers that can say why their latest Check
// returned Unknown ("timeout", "canceled", ...). The Chain uses it to
// count timeouts.
type Reasoner interface {
	ReasonUnknown() string
}

// Satisfies reports whether m assigns every variable of q and makes every
// constraint and the goal true under sym.Eval. Shared subterms are
// evaluated once.
func Satisfies(m Model, q Query) bool {
	vars, err := q.Vars()
	if err != nil {
		return false
	}
	for _, v := range vars {
		if _, ok := m[v.Name]; !ok {
			return false
		}
	}
	e := evaluator{env: m, memo: map[*sym.Term]uint64{}}
	for _, t := range q.Terms() {
		if v, err := e.eval(t); err != nil || v != 1 {
			return false
		}
	}
	return true
}
