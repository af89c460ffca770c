package solver

import (
	"bytes"
	"context"
	"crypto/sha256"
	"maps"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"

	"github.com/cudavet/cudavet/checkers/internal/sym"
)

// Cache sizes. When the exact table outgrows maxResults the whole cache
// starts over: simple, and a long session keeps bounded memory.
const (
	maxResults = 1 << 16
	maxModels  = 32 // recent Sat models tried on each miss
)

// Cache answers queries from earlier answers, as KLEE's caching and
// counterexample-caching solvers do. A query is the set S of its terms
// (constraints and goal: their conjunction is what is asked). It answers
//
//   - S asked before: the same Sat or Unsat answer (Unknown too, unless the
//     caller's ctx had ended, so a query given up by its caller is asked
//     again);
//   - S ⊇ S′ with S′ known Unsat: Unsat (so are all its supersets);
//   - a recent Sat model satisfies S under sym.Eval: Sat with that model,
//     restricted to S's variables.
//
// Terms are identified by a hash of their Key and their variables' widths
// (a Key names a variable without its width). Cache is safe for
// concurrent use when next is.
type Cache struct {
	next Solver

	mu      sync.Mutex
	results map[id]answer // by the hash of the sorted term ids
	unsat   map[id][][]id // Unsat term sets, sorted, by their first id
	models  []Model       // recent Sat models, oldest first

	hits, unsatHits, modelHits atomic.Int64
}

// id identifies a term or a term set: the first 16 bytes of a SHA-256.
type id [16]byte

type answer struct {
	r Result
	m Model
}

// NewCache returns next behind a result and counterexample cache.
func NewCache(next Solver) *Cache {
	c := &Cache{next: next}
	c.reset()
	return c
}

func (c *Cache) reset() {
	c.results = map[id]answer{}
	c.unsat = map[id][][]id{}
	c.models = nil
}

// noCacheKey marks a context whose queries bypass the cache.
type noCacheKey struct{}

// WithoutCache returns a context whose queries the cache neither answers
// nor records: queries off the analysis's path (a reproducer's
// completion), whose models would otherwise answer later queries and so
// change their witnesses.
func WithoutCache(ctx context.Context) context.Context {
	return context.WithValue(ctx, noCacheKey{}, true)
}

// Check answers q from the cache, or asks the next solver and records its
// answer.
func (c *Cache) Check(ctx context.Context, q Query) (Result, Model, error) {
	if ctx.Value(noCacheKey{}) != nil {
		return c.next.Check(ctx, q)
	}
	vars, err := q.Vars()
	if err != nil {
		return Unknown, nil, err
	}
	ids := termIDs(q)
	key := setID(ids)
	if r, m, ok := c.lookup(q, vars, key, ids); ok {
		return r, m, nil
	}
	r, m, err := c.next.Check(ctx, q)
	if err != nil || (r == Unknown && ctx.Err() != nil) {
		return r, m, err
	}
	c.store(key, ids, r, m)
	return r, m, nil
}

// Hits returns how many queries the cache answered: from the exact table,
// from a known Unsat subset, and from a recent model.
func (c *Cache) Hits() (exact, unsatSubset, model int64) {
	return c.hits.Load(), c.unsatHits.Load(), c.modelHits.Load()
}

func (c *Cache) lookup(q Query, vars []*sym.Term, key id, ids []id) (Result, Model, bool) {
	c.mu.Lock()
	a, exact := c.results[key]
	unsat := c.knownUnsat(ids)
	models := slices.Clone(c.models)
	c.mu.Unlock()
	switch {
	case exact && a.r != Unknown:
		c.hits.Add(1)
		return a.r, restrict(a.m, vars), true
	case unsat:
		c.unsatHits.Add(1)
		return Unsat, nil, true
	}
	for i := len(models) - 1; i >= 0; i-- {
		if Satisfies(models[i], q) {
			c.modelHits.Add(1)
			return Sat, restrict(models[i], vars), true
		}
	}
	if exact {
		c.hits.Add(1)
		return Unknown, nil, true
	}
	return Unknown, nil, false
}

// knownUnsat reports whether a recorded Unsat set is a subset of ids
// (sorted). Such a set's smallest element is in ids, so it is indexed
// under one of them. Called with c.mu held.
func (c *Cache) knownUnsat(ids []id) bool {
	for _, first := range ids {
		for _, set := range c.unsat[first] {
			if subset(set, ids) {
				return true
			}
		}
	}
	return false
}

func (c *Cache) store(key id, ids []id, r Result, m Model) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.results) >= maxResults {
		c.reset()
	}
	m = maps.Clone(m) // the caller may change its copy
	c.results[key] = answer{r, m}
	switch {
	case r == Unsat && len(ids) > 0:
		c.unsat[ids[0]] = append(c.unsat[ids[0]], ids)
	case r == Sat:
		if len(c.models) == maxModels {
			c.models = slices.Delete(c.models, 0, 1)
		}
		c.models = append(c.models, m)
	}
}

// subset reports whether sorted a ⊆ sorted b.
func subset(a, b []id) bool {
	j := 0
	for _, x := range a {
		for j < len(b) && bytes.Compare(b[j][:], x[:]) < 0 {
			j++
		}
		if j == len(b) || b[j] != x {
			return false
		}
	}
	return true
}

// restrict copies the assignments of vars from m (nil for a nil m).
func restrict(m Model, vars []*sym.Term) Model {
	if m == nil {
		return nil
	}
	out := make(Model, len(vars))
	for _, v := range vars {
		if x, ok := m[v.Name]; ok {
			out[v.Name] = x
		}
	}
	return out
}

// termIDs returns the sorted, distinct ids of q's terms.
func termIDs(q Query) []id {
	ts := q.Terms()
	ids := make([]id, 0, len(ts))
	for _, t := range ts {
		ids = append(ids, termID(t))
	}
	slices.SortFunc(ids, func(a, b id) int { return bytes.Compare(a[:], b[:]) })
	return slices.Compact(ids)
}

func termID(t *sym.Term) id {
	h := sha256.New()
	h.Write([]byte(t.Key()))
	for _, v := range t.Vars() {
		h.Write([]byte("\x00" + v.Name + ":" + strconv.Itoa(v.Width)))
	}
	var out id
	copy(out[:], h.Sum(nil))
	return out
}

func setID(ids []id) id {
	h := sha256.New()
	for _, x := range ids {
		h.Write(x[:])
	}
	var out id
	copy(out[:], h.Sum(nil))
	return out
}
