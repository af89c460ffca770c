package sym

import "math/big"

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
		val := make([]uint64, len(vars))
		env := func(name string) (uint64, bool) {
			for i, v := range vars {
				if v.Name == name {
					return val[i], true
				}
			}
			return 0, false
		}
		minv := make([]uint64, len(vars))
		maxv := make([]uint64, len(vars))
		found := false
		for k := uint64(0); k < total; k++ {
			r := k
			for i := range vars {
				val[i] = los[i] + r%sizes[i]
				r /= sizes[i]
			}
			x, err := Eval(c, env)
			if err != nil {
				found = true // cannot tell: keep the bounds
				minv, maxv = los, nil
				break
			}
			if x != 1 {
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
		if !found {
			return true
		}
		if maxv == nil {
			continue
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
