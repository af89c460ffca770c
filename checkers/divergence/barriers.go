package divergence

import "github.com/cudavet/cudavet/frontend/ir"

// ControlKind says how a construct controls a barrier.
type ControlKind int

// Control kinds.
const (
	IfBranch      ControlKind = iota // a branch of an if on a thread-dependent condition
	SwitchCase                       // a case of a switch on a thread-dependent value
	Operand                          // the right operand of && or ||, or an arm of ?:
	LoopTrip                         // the condition, body and post of a loop with a thread-dependent condition
	AfterReturn                      // code after a return that only some threads take
	AfterBreak                       // a loop that only some threads leave by break
	AfterContinue                    // a loop in which only some threads skip ahead by continue
	CallSite                         // the call through which the barrier's function is reached
)

var controlNames = [...]string{"if", "switch", "operand", "loop", "return", "break", "continue", "call"}

func (k ControlKind) String() string { return controlNames[k] }

// Control is one construct that decides whether a thread reaches a barrier.
type Control struct {
	Kind ControlKind
	// Func is the function containing Node.
	Func *ir.Func
	// Node is the *ir.If, *ir.Switch, *ir.Binary (&& or ||), *ir.Cond,
	// *ir.Loop, *ir.Return, *ir.Break, *ir.Continue or *ir.Call.
	Node ir.Node
	// Cond is the thread-dependent condition (a jump's: that of Under);
	// nil for CallSite.
	Cond ir.Expr
	// Fact is Cond's fact in this calling context: WarpUniform or
	// Divergent, except for CallSite (Uniform).
	Fact Fact
	// Else is set when the barrier runs where Cond is false: the else
	// branch, the right operand of ||, the false arm of ?:.
	Else bool
	// Under is, for AfterReturn, AfterBreak and AfterContinue, the control
	// (IfBranch, SwitchCase, Operand or LoopTrip) the jump is taken under:
	// of the controls between the jump and its target, the one of highest
	// level, innermost on ties.
	Under *Control
}

// Barrier is one path to a barrier: the ir.Sync, the function containing
// it, and the controls on the path from the analysed function, outermost
// first. Controls holds every CallSite on the path and every control whose
// Fact is at least WarpUniform; a barrier reached with no thread-dependent
// control has only CallSites (or nothing).
type Barrier struct {
	Sync     *ir.Sync
	Func     *ir.Func
	Controls []Control
}

// barriers lists the barrier paths of f analysed with Uniform parameters.
func (en *engine) barriers(f *ir.Func) []Barrier {
	c := en.context(f, uniformParams(f))
	w := &bwalker{en: en, stack: []*ir.Func{f}}
	w.block(c, stmts(f.Body), nil, scope{})
	return w.out
}

// bwalker walks a body in source order, keeping the chain of controls. In
// scan mode it only collects the jumps (for a loop's whole body).
type bwalker struct {
	en    *engine
	scan  bool
	out   []Barrier
	stack []*ir.Func // functions on the call path (recursion is cut)
}

// scope holds the chain indices where the current function, the innermost
// break target (loop or switch) and the innermost loop begin: a jump is
// thread-dependent when a control after its target's index is.
type scope struct{ fn, brk, cont int }

// jumps are the thread-dependent jumps a statement may take, first found.
type jumps struct{ ret, brk, cont *Control }

func (a jumps) or(b jumps) jumps {
	if a.ret == nil {
		a.ret = b.ret
	}
	if a.brk == nil {
		a.brk = b.brk
	}
	if a.cont == nil {
		a.cont = b.cont
	}
	return a
}

func (a jumps) extend(chain []Control) []Control {
	for _, j := range []*Control{a.ret, a.brk, a.cont} {
		if j != nil {
			chain = with(chain, *j)
		}
	}
	return chain
}

// with returns a new chain: chain plus ctl, unless a control of the same
// kind at the same node is already there.
func with(chain []Control, ctl Control) []Control {
	for _, c := range chain {
		if c.Kind == ctl.Kind && c.Node == ctl.Node {
			return chain
		}
	}
	out := make([]Control, len(chain), len(chain)+1)
	copy(out, chain)
	return append(out, ctl)
}

// condition adds the control of cond (at node) when cond is thread-dependent.
func condition(c *context, chain []Control, kind ControlKind, node ir.Node, cond ir.Expr, els bool) []Control {
	f := c.exprs[cond]
	if cond == nil || f.Level == Uniform {
		return chain
	}
	return with(chain, Control{Kind: kind, Func: c.fn, Node: node, Cond: cond, Fact: f, Else: els})
}

// jump returns the control of a jump at node when one of the conditions in
// scope (between the jump and its target) is thread-dependent. Earlier
// jumps do not count: the threads still running all take this one.
func jump(kind ControlKind, fn *ir.Func, node ir.Node, inScope []Control) *Control {
	var under *Control
	for i := range inScope {
		c := &inScope[i]
		if c.Kind <= LoopTrip && (under == nil || c.Fact.Level >= under.Fact.Level) {
			under = c
		}
	}
	if under == nil {
		return nil
	}
	u := *under
	return &Control{Kind: kind, Func: fn, Node: node, Cond: u.Cond, Fact: u.Fact, Else: u.Else, Under: &u}
}

func (w *bwalker) block(c *context, ss []ir.Stmt, chain []Control, sc scope) jumps {
	var j jumps
	for _, s := range ss {
		j = j.or(w.stmt(c, s, j.extend(chain), sc))
	}
	return j
}

func (w *bwalker) stmt(c *context, s ir.Stmt, chain []Control, sc scope) jumps {
	switch s := s.(type) {
	case *ir.Block:
		if s != nil {
			return w.block(c, s.Stmts, chain, sc)
		}
	case *ir.DeclStmt:
		w.expr(c, s.Init, chain)
	case *ir.Assign:
		w.expr(c, s.X, chain)
	case *ir.Store:
		w.expr(c, s.Ptr, chain)
		w.expr(c, s.Index, chain)
		w.expr(c, s.Val, chain)
	case *ir.ExprStmt:
		w.expr(c, s.X, chain)
	case *ir.Assume:
		w.expr(c, s.Cond, chain)
	case *ir.If:
		w.expr(c, s.Cond, chain)
		j := w.block(c, stmts(s.Then), condition(c, chain, IfBranch, s, s.Cond, false), sc)
		if s.Else != nil {
			j = j.or(w.stmt(c, s.Else, condition(c, chain, IfBranch, s, s.Cond, true), sc))
		}
		return j
	case *ir.Loop:
		return w.loop(c, s, chain, sc)
	case *ir.Switch:
		return w.switchStmt(c, s, chain, sc)
	case *ir.Return:
		w.expr(c, s.X, chain)
		return jumps{ret: jump(AfterReturn, c.fn, s, chain[sc.fn:])}
	case *ir.Break:
		return jumps{brk: jump(AfterBreak, c.fn, s, chain[sc.brk:])}
	case *ir.Continue:
		return jumps{cont: jump(AfterContinue, c.fn, s, chain[sc.cont:])}
	}
	return jumps{}
}

// loop walks a loop: the whole of it (condition, body, post) is under the
// loop's condition and under the thread-dependent jumps of its body, since
// a thread that jumped is one iteration apart from the others.
func (w *bwalker) loop(c *context, s *ir.Loop, chain []Control, sc scope) jumps {
	if s.Init != nil {
		w.block(c, stmts(s.Init), chain, sc)
	}
	// The jumps go first: a break also makes the variables assigned in the
	// loop divergent, and so the loop's condition, but the break is the cause.
	pre := (&bwalker{en: w.en, scan: true}).block(c, stmts(s.Body), nil, scope{})
	lc := pre.extend(chain)
	if !uniformTrips(c, s) {
		lc = condition(c, lc, LoopTrip, s, s.Cond, false)
	}
	inner := scope{fn: sc.fn, brk: len(lc), cont: len(lc)}
	if s.Kind != ir.DoWhileLoop {
		w.expr(c, s.Cond, lc)
	}
	j := w.block(c, stmts(s.Body), lc, inner)
	if s.Post != nil {
		w.block(c, stmts(s.Post), lc, inner)
	}
	if s.Kind == ir.DoWhileLoop {
		w.expr(c, s.Cond, lc)
	}
	return jumps{ret: j.ret}
}

func (w *bwalker) switchStmt(c *context, s *ir.Switch, chain []Control, sc scope) jumps {
	w.expr(c, s.Tag, chain)
	cc := condition(c, chain, SwitchCase, s, s.Tag, false)
	inner := scope{fn: sc.fn, brk: len(cc), cont: sc.cont}
	var j jumps
	var fall *Control // the break of a case that falls into the next
	for _, cs := range s.Cases {
		ch := cc
		if fall != nil {
			ch = with(cc, *fall)
		}
		e := w.block(c, cs.Body, ch, inner)
		j = j.or(e)
		fall = nil
		if !endsInJump(cs.Body) {
			fall = e.brk
		}
	}
	return jumps{ret: j.ret, cont: j.cont}
}

func (w *bwalker) expr(c *context, e ir.Expr, chain []Control) {
	switch e := e.(type) {
	case nil, *ir.Closure:
		return // closures run on the host
	case *ir.Binary:
		if e.Op == ir.LAnd || e.Op == ir.LOr {
			w.expr(c, e.X, chain)
			w.expr(c, e.Y, condition(c, chain, Operand, e, e.X, e.Op == ir.LOr))
			return
		}
	case *ir.Cond:
		w.expr(c, e.C, chain)
		w.expr(c, e.X, condition(c, chain, Operand, e, e.C, false))
		w.expr(c, e.Y, condition(c, chain, Operand, e, e.C, true))
		return
	case *ir.Sync:
		w.expr(c, e.Mask, chain)
		w.expr(c, e.Pred, chain)
		if !w.scan {
			w.out = append(w.out, Barrier{Sync: e, Func: c.fn, Controls: append([]Control(nil), chain...)})
		}
		return
	case *ir.Call:
		w.expr(c, e.Recv, chain)
		for _, a := range e.Args {
			w.expr(c, a, chain)
		}
		w.call(c, e, chain)
		return
	}
	for _, ch := range ir.Children(e) {
		if x, ok := ch.(ir.Expr); ok {
			w.expr(c, x, chain)
		}
	}
}

// call walks the body of a device function that may reach a barrier, in
// the context of the call's argument facts.
func (w *bwalker) call(c *context, e *ir.Call, chain []Control) {
	fn := e.Fn
	if w.scan || fn == nil || fn.Body == nil || fn.Kind == ir.Host || !w.en.hasSync(fn) {
		return
	}
	for _, f := range w.stack {
		if f == fn {
			return
		}
	}
	params := make([]Fact, len(fn.Params))
	for i := range params {
		if i < len(e.Args) {
			params[i] = c.exprs[e.Args[i]]
		}
	}
	callee := w.en.context(fn, params)
	ch := with(chain, Control{Kind: CallSite, Func: c.fn, Node: e})
	w.stack = append(w.stack, fn)
	w.block(callee, stmts(fn.Body), ch, scope{fn: len(ch), brk: len(ch), cont: len(ch)})
	w.stack = w.stack[:len(w.stack)-1]
}

// hasSync reports whether fn may reach a barrier, directly or through the
// device functions it calls. A function met again while its own answer is
// being computed (recursion) counts as reaching none.
func (en *engine) hasSync(fn *ir.Func) bool {
	switch en.syncs[fn] {
	case 1, 3:
		return false
	case 2:
		return true
	}
	en.syncs[fn] = 1
	found := false
	ir.Inspect(fn.Body, func(n ir.Node) bool {
		switch n := n.(type) {
		case *ir.Sync:
			found = true
		case *ir.Closure:
			return false
		case *ir.Call:
			if g := n.Fn; g != nil && g.Body != nil && g.Kind != ir.Host && en.hasSync(g) {
				found = true
			}
		}
		return !found
	})
	en.syncs[fn] = 3
	if found {
		en.syncs[fn] = 2
	}
	return found
}
