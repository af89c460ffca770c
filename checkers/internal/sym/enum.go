package sym

import (
	encbin "encoding/binary"
	"math/big"
	"sync"
)

// maxEnum bounds the assignments one conjunct is enumerated over, and
// maxEnumTotal those of one refutation.
const (
	maxEnum      = 1 << 12
	maxEnumTotal = 1 << 15
)

// enumerate decides the conjuncts of cs that range reasoning leaves open
// but whose variables take few values under the bounds found so far: a
// lane's bit of a mask ((0xffffffff >> lane) & 1 with lane < 32), a
// remainder compared with a quotient of one thread index. Every
// assignment of the conjunct's variables within their intervals is
// evaluated; when none satisfies it the conjunction is refuted (true).
// Otherwise each variable's interval is narrowed to the values some
// satisfying assignment gives it, which st records (st.changed).
func (st *ranges) enumerate(cs []*Term) bool {
	budget := maxEnumTotal
	var conj []*Term
	for _, c := range cs {
		conj = AppendConjuncts(conj, c)
	}
	for _, c := range conj {
		if exactInterval(c) {
			continue
		}
		vars := c.Vars()
		if len(vars) == 0 || len(vars) > 6 {
			continue
		}
		los := make([]uint64, len(vars))
		sizes := make([]uint64, len(vars))
		total := uint64(1)
		for i, v := range vars {
			lo, n, ok := st.domain(v)
			if !ok {
				total = 0
				break
			}
			los[i], sizes[i] = lo, n
			total *= n
			if total > maxEnum {
				break
			}
		}
		if total == 0 || total > maxEnum || int(total) > budget {
			continue
		}
		budget -= int(total)
		found, minv, maxv := enumerated(c, vars, los, sizes, total)
		if !found {
			return true
		}
		for i, v := range vars {
			if v.Width == 0 {
				if minv[i] == maxv[i] {
					st.assume(v, minv[i] == 1)
				}
				continue
			}
			lo, hi := new(big.Int).SetUint64(minv[i]), new(big.Int).SetUint64(maxv[i])
			st.narrow(v, pair{ival(lo, hi), full(v.Width, true)})
		}
	}
	return st.empty
}

// enumerated evaluates c under every assignment of vars within the
// domains (lowest values los, sizes of the domains, total assignments):
// whether one satisfies c, and the least and greatest value of each
// variable over those that do. The same conjunct meets the same domains
// in many queries of one kernel (a lane's bit of a mask under each
// check's path), so the answers are kept (enumTable).
func enumerated(c *Term, vars []*Term, los, sizes []uint64, total uint64) (found bool, minv, maxv []uint64) {
	key := make([]byte, 0, 32+16*len(los))
	key = append(key, c.Key()...)
	for i := range los {
		key = encbin.LittleEndian.AppendUint64(key, los[i])
		key = encbin.LittleEndian.AppendUint64(key, sizes[i])
	}
	if r, ok := enumTable.get(string(key)); ok {
		return r.found, r.minv, r.maxv
	}
	val := make([]uint64, len(vars))
	prog := compile(c, vars)
	minv = make([]uint64, len(vars))
	maxv = make([]uint64, len(vars))
	for k := uint64(0); k < total; k++ {
		r := k
		for i := range vars {
			val[i] = los[i] + r%sizes[i]
			r /= sizes[i]
		}
		if prog.run(val) != 1 {
			continue
		}
		for i := range vars {
			if !found || val[i] < minv[i] {
				minv[i] = val[i]
			}
			if !found || val[i] > maxv[i] {
				maxv[i] = val[i]
			}
		}
		found = true
	}
	enumTable.put(string(key), enumResult{found, minv, maxv})
	return found, minv, maxv
}

// enumResult is an answer of enumerated; its slices are never changed.
type enumResult struct {
	found      bool
	minv, maxv []uint64
}

// enumTable keeps enumerated's answers: a pure function of the conjunct
// (by Key: vars are its variables in name order) and the domains, so one
// table serves every goroutine without making answers depend on order.
// Past maxEnumAnswers it starts over.
var enumTable = &enumMemo{m: map[string]enumResult{}}

const maxEnumAnswers = 1 << 14

type enumMemo struct {
	mu sync.Mutex
	m  map[string]enumResult
}

func (e *enumMemo) get(k string) (enumResult, bool) {
	e.mu.Lock()
	defer e.mu.Unlock()
	r, ok := e.m[k]
	return r, ok
}

func (e *enumMemo) put(k string, r enumResult) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if len(e.m) >= maxEnumAnswers {
		e.m = map[string]enumResult{}
	}
	e.m[k] = r
}

// exactInterval reports whether c compares a variable with a constant,
// or two variables: the bounds say all there is to say about it.
func exactInterval(c *Term) bool {
	if c.Op == OpBNot {
		c = c.Args[0]
	}
	switch c.Op {
	case OpVar:
		return true
	case OpEq, OpUlt, OpUle, OpSlt, OpSle:
		leaf := func(t *Term) bool { return t.Op == OpVar || t.Op == OpConst }
		return leaf(c.Args[0]) && leaf(c.Args[1])
	}
	return false
}

// domain returns the unsigned values variable v may take: lo and how
// many, when the bounds make them few.
func (st *ranges) domain(v *Term) (lo, n uint64, ok bool) {
	if v.Width == 0 {
		switch st.bools[v.Name] {
		case 1:
			return 1, 1, true
		case -1:
			return 0, 1, true
		}
		return 0, 2, true
	}
	u := st.eval(v).u
	size := new(big.Int).Sub(u.hi, u.lo)
	if !size.IsUint64() || size.Uint64() >= maxEnum || !u.lo.IsUint64() {
		return 0, 0, false
	}
	return u.lo.Uint64(), size.Uint64() + 1, true
}

// AppendConjuncts appends the conjuncts of t (t itself unless it is a
// conjunction) to out.
func AppendConjuncts(out []*Term, t *Term) []*Term {
	if t.Op != OpBAnd {
		return append(out, t)
	}
	for _, a := range t.Args {
		out = AppendConjuncts(out, a)
	}
	return out
}

// program is a term compiled for evaluation under many assignments of its
// variables (enumerate's): the nodes of its DAG in post-order, each
// computed once per assignment with Eval's semantics. Eval walks the
// term as a tree, and looks each variable up by name.
type program struct {
	nodes []*Term
	args  [][]int32 // operand node indices
	varOf []int     // a variable node's index in the assignment
	out   []uint64  // node values of the latest run
}

// compile makes t's program; vars lists every variable of t, in the
// order run's values come in.
func compile(t *Term, vars []*Term) *program {
	p := &program{}
	index := map[*Term]int32{}
	byName := map[string]int{}
	for i, v := range vars {
		byName[v.Name] = i
	}
	var visit func(t *Term) int32
	visit = func(t *Term) int32 {
		if i, ok := index[t]; ok {
			return i
		}
		var as []int32
		for _, a := range t.Args {
			as = append(as, visit(a))
		}
		i := int32(len(p.nodes))
		index[t] = i
		p.nodes = append(p.nodes, t)
		p.args = append(p.args, as)
		v := -1
		if t.Op == OpVar {
			v = byName[t.Name]
		}
		p.varOf = append(p.varOf, v)
		return i
	}
	visit(t)
	p.out = make([]uint64, len(p.nodes))
	return p
}

// run returns the term's value where variable i has value vals[i]. Every
// node is computed (Eval skips the branch an ite does not take and the
// rest of a decided connective); the operators are total, so the value
// is Eval's.
func (p *program) run(vals []uint64) uint64 {
	out := p.out
	for i, t := range p.nodes {
		as := p.args[i]
		switch t.Op {
		case OpConst:
			out[i] = t.Val
		case OpVar:
			out[i] = VarValue(t, vals[p.varOf[i]])
		case OpIte:
			if out[as[0]] != 0 {
				out[i] = out[as[1]]
			} else {
				out[i] = out[as[2]]
			}
		case OpBAnd, OpBOr:
			want := uint64(0) // the value that decides the connective
			if t.Op == OpBOr {
				want = 1
			}
			out[i] = 1 - want
			for _, a := range as {
				if out[a] == want {
					out[i] = want
					break
				}
			}
		default:
			var buf [3]uint64
			args := buf[:0]
			for _, a := range as {
				args = append(args, out[a])
			}
			out[i] = apply(t, args)
		}
	}
	return out[len(out)-1]
}
