package divergence

import (
	"strings"

	"github.com/cudavet/cudavet/frontend/ir"
)

// engine computes contexts: the facts of one function for one tuple of
// parameter facts. Contexts are memoised by (function, parameter levels);
// a context requested while it is being computed (recursion) is returned
// as it stands, which may under-approximate its return value.
type engine struct {
	ctxs     map[ctxKey]*context
	syncs    map[*ir.Func]int8 // hasSync memo: 1 computing, 2 yes, 3 no
	unknowns int
}

type ctxKey struct {
	fn  *ir.Func
	sig string // one byte per parameter: level*2 + linear
}

// context holds the facts of fn's body under params. After the fixpoint
// (done) the maps are not written again.
type context struct {
	fn     *ir.Func
	params []Fact
	vars   map[*ir.Var]Fact    // scalar locals and parameters
	mem    map[*ir.Var]Fact    // contents of local (per-thread) arrays
	exprs  map[ir.Expr]Fact    // every expression of fn's body (filled last)
	loops  map[*ir.Loop]Fact   // divergent break control per loop
	alias  map[*ir.Var]*ir.Var // local reference → the local variable it is bound to
	scope  map[*ir.Var]Fact    // scalar local → the control at its declaration
	// killable are the scalar locals whose value the walkers follow
	// along the code (walker.cur, flow.go); conds, per loop, the fact
	// of its condition evaluated after the body (last round).
	killable map[*ir.Var]bool
	conds    map[*ir.Loop]Fact
	// writes caches, per loop or switch, the variables it assigns and
	// whether a continue of it is in its body (flow.go), for the
	// fixpoint's rounds.
	writes map[ir.Stmt]stmtWrites
	ret    Fact   // returned value, joined with return control
	out    []Fact // per parameter: values written through it (T& or T*)
	change bool
	done   bool
}

func newEngine() *engine {
	return &engine{ctxs: map[ctxKey]*context{}, syncs: map[*ir.Func]int8{}}
}

func key(fn *ir.Func, params []Fact) ctxKey {
	var b strings.Builder
	for _, p := range params {
		c := byte(p.Level) * 2
		if p.linear {
			c++
		}
		b.WriteByte('0' + c)
	}
	return ctxKey{fn, b.String()}
}

// context returns the facts of fn (which has a body) when called with
// parameter facts params (len(params) == len(fn.Params)).
func (en *engine) context(fn *ir.Func, params []Fact) *context {
	k := key(fn, params)
	if c := en.ctxs[k]; c != nil {
		return c
	}
	c := &context{
		fn: fn, params: params,
		vars: map[*ir.Var]Fact{}, mem: map[*ir.Var]Fact{},
		exprs: map[ir.Expr]Fact{}, loops: map[*ir.Loop]Fact{}, alias: map[*ir.Var]*ir.Var{}, scope: map[*ir.Var]Fact{},
		out:      make([]Fact, len(fn.Params)),
		killable: killableVars(fn), conds: map[*ir.Loop]Fact{}, writes: map[ir.Stmt]stmtWrites{},
	}
	en.ctxs[k] = c
	for i, p := range fn.Params {
		c.vars[p] = params[i]
	}
	// Facts only rise (Uniform → WarpUniform → Divergent, linear → not),
	// so the iteration ends after at most 3·|vars| rounds.
	for {
		c.change = false
		(&walker{en: en, c: c, cur: map[*ir.Var]Fact{}}).block(stmts(fn.Body), ctrl{})
		if !c.change {
			break
		}
	}
	(&walker{en: en, c: c, record: true, cur: map[*ir.Var]Fact{}}).block(stmts(fn.Body), ctrl{})
	c.done = true
	return c
}

// update joins f into m[v] and notes whether that changed anything.
func (c *context) update(m map[*ir.Var]Fact, v *ir.Var, f Fact) {
	old, ok := m[v]
	n := join(old, f)
	if !ok || n.Level != old.Level || n.linear != old.linear || n.grain != old.grain {
		if ok || n.Level != Uniform {
			c.change = true
		}
		m[v] = n
	}
}

func (c *context) updateOut(i int, f Fact) {
	n := join(c.out[i], f)
	if n.Level != c.out[i].Level || n.linear != c.out[i].linear || n.grain != c.out[i].grain {
		c.change = true
		c.out[i] = n
	}
}

// ctrl is the control a statement runs under: cond joins the enclosing
// conditions and the break/continue exits taken earlier in the loop; ret
// joins the returns taken earlier in the function. Both are non-linear.
type ctrl struct{ cond, ret Fact }

// exits joins the controls under which a statement may leave by each kind
// of jump.
type exits struct{ ret, brk, cont Fact }

func (a exits) join(b exits) exits {
	return exits{join(a.ret, b.ret), join(a.brk, b.brk), join(a.cont, b.cont)}
}

func control(f Fact) Fact {
	f.linear = false
	return f
}

// walker makes one pass over a context's body. With record set it stores
// every expression's fact and counts unknowns (the facts are final then).
type walker struct {
	en     *engine
	c      *context
	record bool
	cur    map[*ir.Var]Fact // killable locals: the fact of their value here (flow.go)
}

func (w *walker) block(ss []ir.Stmt, k ctrl) exits {
	var ex exits
	for _, s := range ss {
		k2 := ctrl{cond: join(k.cond, control(join(ex.brk, ex.cont))), ret: join(k.ret, ex.ret)}
		ex = ex.join(w.stmt(s, k2))
	}
	return ex
}

func (w *walker) stmt(s ir.Stmt, k ctrl) exits {
	switch s := s.(type) {
	case *ir.Block:
		if s != nil {
			return w.block(s.Stmts, k)
		}
	case *ir.DeclStmt:
		w.decl(s, k)
	case *ir.Assign:
		f := w.eval(s.X, k)
		if s.Field != "" {
			w.forget([]*ir.Var{s.Var}) // one field written: the others keep theirs
		}
		w.assignAt(s.Var, f, k, s.Field == "")
	case *ir.Store:
		f := join(w.eval(s.Val, k), control(join(w.eval(s.Ptr, k), w.eval(s.Index, k))))
		w.storeTo(s.Ptr, f, k)
	case *ir.ExprStmt:
		w.eval(s.X, k)
	case *ir.If:
		c := control(w.eval(s.Cond, k))
		k2 := ctrl{cond: join(k.cond, c), ret: k.ret}
		pre := w.snapshot()
		ex := w.block(stmts(s.Then), k2)
		then := w.cur
		w.cur = pre
		if s.Else != nil {
			ex = ex.join(w.stmt(s.Else, k2))
		}
		w.cur = meet(then, w.cur)
		return ex
	case *ir.Loop:
		return w.loop(s, k)
	case *ir.Switch:
		return w.switchStmt(s, k)
	case *ir.Break:
		return exits{brk: k.cond}
	case *ir.Continue:
		return exits{cont: k.cond}
	case *ir.Return:
		if s.X != nil {
			f := join(w.eval(s.X, k), join(k.cond, k.ret))
			w.c.ret = join(w.c.ret, f)
		}
		return exits{ret: join(k.cond, k.ret)}
	case *ir.Assume:
		w.eval(s.Cond, k)
	case *ir.UnknownStmt:
		if w.record {
			w.en.unknowns++
		}
	}
	return exits{}
}

// loop walks a loop: its condition, body and post statement run under the
// loop's condition and under the divergent breaks of its body (from the
// previous round of the fixpoint): the threads that left hold other values
// of the loop's variables than those that stayed. A continue only makes the
// rest of its iteration divergent (block does that): the threads meet again
// at the post statement.
func (w *walker) loop(s *ir.Loop, k ctrl) exits {
	if s.Init != nil {
		w.block(stmts(s.Init), k)
	}
	sw := w.c.writesOf(s)
	assigned := sw.assigned
	kb := ctrl{cond: join(k.cond, w.c.loops[s]), ret: k.ret}
	// The condition where it is tested: on entry (not for a do-while),
	// with the values the loop starts from, and after each iteration
	// (last round's fact, below).
	cond := w.c.conds[s]
	if s.Kind != ir.DoWhileLoop {
		cond = join(cond, w.eval(s.Cond, kb))
	}
	kb.cond = join(kb.cond, control(cond))
	w.forget(assigned)
	ex := w.block(stmts(s.Body), kb)
	if sw.continues {
		w.forget(assigned) // a continue reaches the post statement from elsewhere
	}
	if s.Post != nil {
		w.block(stmts(s.Post), kb)
	}
	if s.Cond != nil {
		if after := control(w.eval(s.Cond, kb)); !same(join(w.c.conds[s], after), w.c.conds[s]) {
			w.c.conds[s] = join(w.c.conds[s], after)
			w.c.change = true
		}
	}
	w.forget(assigned)
	if brk := control(ex.brk); brk.Level > w.c.loops[s].Level {
		w.c.loops[s] = brk
		w.c.change = true
	}
	return exits{ret: ex.ret}
}

// same reports whether two facts are the same as far as the fixpoint
// goes (level, linearity, grain).
func same(a, b Fact) bool {
	return a.Level == b.Level && a.linear == b.linear && a.grain == b.grain
}

func (w *walker) switchStmt(s *ir.Switch, k ctrl) exits {
	k2 := ctrl{cond: join(k.cond, control(w.eval(s.Tag, k))), ret: k.ret}
	assigned := w.c.writesOf(s).assigned
	w.forget(assigned)
	defer w.forget(assigned)
	var ex exits
	var fall Fact // break control of a case that falls into the next one
	for _, c := range s.Cases {
		for _, v := range c.Values {
			w.eval(v, k2)
		}
		e := w.block(c.Body, ctrl{cond: join(k2.cond, fall), ret: k2.ret})
		ex = ex.join(e)
		fall = Fact{}
		if !endsInJump(c.Body) {
			fall = control(e.brk)
		}
	}
	return exits{ret: ex.ret, cont: ex.cont}
}

// stmts returns b's statements (none for a nil block).
func stmts(b *ir.Block) []ir.Stmt {
	if b == nil {
		return nil
	}
	return b.Stmts
}

func endsInJump(ss []ir.Stmt) bool {
	if len(ss) == 0 {
		return false
	}
	switch ss[len(ss)-1].(type) {
	case *ir.Break, *ir.Continue, *ir.Return:
		return true
	}
	return false
}

// decl binds a declared variable. A local reference (T& r = x) bound to a
// local variable is an alias of it; one bound to memory (r = s[i]) reads as
// a load from that address, taken once here, and writes through it are
// stores, which are not tracked.
func (w *walker) decl(s *ir.DeclStmt, k ctrl) {
	v := s.Var
	if _, arr := v.Type.(*ir.ArrayType); !v.Ref && v.Kind == ir.LocalVar && !arr {
		w.c.scope[v] = k.cond
	}
	if s.Init == nil {
		w.forget([]*ir.Var{v})
		return
	}
	f := w.eval(s.Init, k)
	if _, arr := v.Type.(*ir.ArrayType); !v.Ref && v.Kind == ir.LocalVar && !arr {
		// Every reader of v is in its scope, past the declaration: the
		// conditions around the declaration hold alike for all of them,
		// so only the initial value's own dependence counts (later
		// assignments still join their control).
		w.c.update(w.c.vars, v, f)
		w.setCur(v, f)
		return
	}
	if !v.Ref || v.Kind != ir.LocalVar {
		w.assign(v, f, k)
		return
	}
	if r, ok := s.Init.(*ir.VarRef); ok && (r.Var.Kind == ir.LocalVar || r.Var.Kind == ir.ParamVar) {
		w.c.alias[v] = w.resolve(r.Var)
		return
	}
	w.c.update(w.c.vars, v, join(f, k.cond))
}

// resolve follows local references to the variable they are bound to; it
// returns nil for a reference bound to memory.
func (w *walker) resolve(v *ir.Var) *ir.Var {
	if v == nil || !v.Ref || v.Kind != ir.LocalVar {
		return v
	}
	return w.c.alias[v]
}

// assign joins f, and the control the assignment runs under, into v.
// Shared, constant and global variables, and references bound to memory,
// are memory: not tracked.
func (w *walker) assign(v *ir.Var, f Fact, k ctrl) { w.assignAt(v, f, k, false) }

// assignAt is assign; whole says the statement replaces v's value (a
// plain assignment, not a field or a store through its address), which
// then becomes its current fact.
func (w *walker) assignAt(v *ir.Var, f Fact, k ctrl, whole bool) {
	if v = w.resolve(v); v == nil {
		return
	}
	switch v.Kind {
	case ir.LocalVar:
		if _, ok := v.Type.(*ir.ArrayType); ok {
			w.c.update(w.c.mem, v, join(f, k.cond))
			break
		}
		// The control the declaration sits under is shared by every
		// reader of v; only control added inside v's scope counts.
		cond := k.cond
		if sc, ok := w.c.scope[v]; ok && sc == cond {
			cond = Fact{}
		}
		w.c.update(w.c.vars, v, join(f, cond))
		if whole {
			w.setCur(v, join(f, cond))
		} else {
			w.forget([]*ir.Var{v})
		}
	case ir.ParamVar:
		w.c.update(w.c.vars, v, join(f, k.cond))
		if v.Ref && v.Index < len(w.c.out) {
			w.c.updateOut(v.Index, join(f, join(k.cond, k.ret)))
		}
	}
}

// storeTo records a store of f through ptr when ptr points into a local
// variable (a per-thread array, or a scalar whose address was taken) or
// through a pointer parameter (an output of a device function).
func (w *walker) storeTo(ptr ir.Expr, f Fact, k ctrl) {
	v := w.resolve(rootVar(ptr))
	switch {
	case v == nil:
	case v.Kind == ir.LocalVar:
		w.assign(v, f, k)
	case v.Kind == ir.ParamVar && isPointer(v.Type) && v.Index < len(w.c.out):
		w.c.updateOut(v.Index, join(f, join(k.cond, k.ret)))
	case v.Kind == ir.ParamVar:
		w.assign(v, f, k)
	}
}

// rootVar returns the variable whose storage ptr points into: a local
// array (a, &a[i]), a scalar whose address is taken (&x), or a pointer
// parameter (p, p + i). It returns nil for anything else, such as a local
// pointer variable, whose target is not known.
func rootVar(ptr ir.Expr) *ir.Var {
	switch p := ptr.(type) {
	case *ir.VarRef:
		switch p.Var.Type.(type) {
		case *ir.ArrayType:
			if p.Var.Kind == ir.LocalVar {
				return p.Var
			}
		case *ir.PointerType:
			if p.Var.Kind == ir.ParamVar {
				return p.Var
			}
		}
	case *ir.AddrOf:
		if p.Var.Kind == ir.LocalVar || p.Var.Kind == ir.ParamVar {
			return p.Var
		}
	case *ir.PtrAdd:
		return rootVar(p.Ptr)
	case *ir.Convert:
		return rootVar(p.X)
	}
	return nil
}

func isPointer(t ir.Type) bool {
	_, ok := t.(*ir.PointerType)
	return ok
}

// eval returns the fact of e (see expr) and records it in the last pass.
func (w *walker) eval(e ir.Expr, k ctrl) Fact {
	if e == nil {
		return Fact{}
	}
	f := w.expr(e, k)
	if w.record {
		// A loop's condition is evaluated twice (loop): its fact is
		// the join.
		if old, ok := w.c.exprs[e]; ok {
			w.c.exprs[e] = join(old, f)
		} else {
			w.c.exprs[e] = f
		}
	}
	return f
}
