package symex

import (
	"context"
	"fmt"
	"regexp"
	"sort"
	"strings"

	"github.com/cudavet/cudavet/checkers/internal/solver"
	"github.com/cudavet/cudavet/checkers/internal/sym"
	"github.com/cudavet/cudavet/frontend/ir"
)

// Pair is the two-thread view of a trace, as in GPUVerify and GKLEE's
// parametric mode: thread 1's variables are the trace's own, thread 2's
// are renamed copies (name + "'") of every per-thread variable (thread
// indices, iterations, induction values, loaded values, epochs). Sizes,
// dimensions and Uniform variables are shared; blockIdx is shared unless
// the threads may be in different blocks. Trace holds both threads'
// variables and constraints (the source trace's assumptions, limits and
// relations, and their copies for thread 2), so that Trace.Check applies
// the precision rule to both threads at once.
//
// Loaded values of input buffers (global regions the kernel never
// writes) are Data: any input is legal, so a witness may choose them
// (loads at one address read one value: see Consistent). Other loaded
// values stay unknown: a finding must hold whatever they are.
type Pair struct {
	Trace *Trace
	Src   *Trace
	// CrossBlock is set when thread 2 may be in another block.
	CrossBlock bool
	ren        map[string]*sym.Term
	renBlock   map[string]*sym.Term // ren without the block indices
	data       []*Access            // the input loads, thread 1's
}

// NewPair builds the two-thread view of t; with data false, input loads
// stay unknown like every other loaded value.
func (t *Trace) NewPair(crossBlock, data bool) *Pair {
	p := &Pair{Src: t, CrossBlock: crossBlock, ren: map[string]*sym.Term{}}
	pt := &Trace{Func: t.Func, Spec: t.Spec, Vars: map[string]*VarInfo{}, Regions: t.Regions, Stats: t.Stats, pair: true}
	p.Trace = pt
	dataVars := map[string]bool{}
	for _, a := range t.InputLoads() {
		// Loads of one read-only input at one address read one value
		// (Consistent) whether or not the witness may choose them.
		p.data = append(p.data, a)
		if data {
			dataVars[a.Value.Name] = true
		}
	}
	for name, info := range t.Vars {
		c := *info
		if dataVars[name] {
			c.Class = Data
		}
		if c.Loose || (c.Index && !dataVars[name]) {
			c.Class = Unknown
		}
		pt.Vars[name] = &c
	}
	thread, block := p.differs(t)
	p.renBlock = map[string]*sym.Term{}
	for name, info := range t.Vars {
		if !thread(name) {
			continue
		}
		r := sym.Var(name+"'", info.Term.Width)
		p.ren[name] = r
		if block(name) {
			p.renBlock[name] = r
		}
	}
	for name, r := range p.ren {
		c := *pt.Vars[name]
		c.Term, c.Display = r, c.Display+"'"
		c.Offset = p.Second(c.Offset)
		c.Deps = nil
		for _, d := range pt.Vars[name].Deps {
			if rd := p.ren[d]; rd != nil {
				d = rd.Name
			}
			c.Deps = append(c.Deps, d)
		}
		pt.Vars[r.Name] = &c
	}
	both := func(ts []*sym.Term) []*sym.Term {
		var out []*sym.Term
		for _, c := range ts {
			out = append(out, c)
			if c2 := p.Second(c); c2.Key() != c.Key() {
				out = append(out, c2)
			}
		}
		return out
	}
	pt.Assumptions = both(append(append([]*sym.Term(nil), t.Assumptions...), t.Relations...))
	pt.Limits = both(t.Limits)
	return p
}

// differs returns whether each variable of t may differ between the two
// threads (thread), and between two threads of one block (block): a
// variable per thread by its class (perThread), or an opaque function of
// operands (VarInfo.Of) of which one may differ.
func (p *Pair) differs(t *Trace) (thread, block func(string) bool) {
	memo := map[string][2]bool{}
	var walk func(name string, depth int) [2]bool
	walk = func(name string, depth int) [2]bool {
		if d, ok := memo[name]; ok {
			return d
		}
		info := t.Vars[name]
		var d [2]bool
		switch {
		case info == nil || depth > 64:
			d = [2]bool{true, true}
		case len(info.Of) > 0:
			for _, o := range info.Of {
				od := walk(o, depth+1)
				d[0], d[1] = d[0] || od[0], d[1] || od[1]
			}
		default:
			d[0] = p.perThread(info)
			d[1] = d[0] && !strings.HasPrefix(name, "blockIdx.")
		}
		memo[name] = d
		return d
	}
	return func(n string) bool { return walk(n, 0)[0] }, func(n string) bool { return walk(n, 0)[1] }
}

// perThread reports whether a variable may differ between the two threads.
func (p *Pair) perThread(info *VarInfo) bool {
	switch {
	case info.Class == Fixed || info.Class == User || info.Class == Dim || info.Uniform:
		return false
	case strings.HasPrefix(info.Term.Name, "blockIdx."):
		return p.CrossBlock
	}
	return true
}

// Second returns term t as evaluated by thread 2.
func (p *Pair) Second(t *sym.Term) *sym.Term {
	if t == nil {
		return nil
	}
	return sym.Subst(t, p.ren)
}

// SecondInBlock returns term t as evaluated by a thread 2 in thread 1's
// block: Second with the block indices left as they are.
func (p *Pair) SecondInBlock(t *sym.Term) *sym.Term {
	if t == nil {
		return nil
	}
	return sym.Subst(t, p.renBlock)
}

// SecondAll returns thread 2's copies of ts.
func (p *Pair) SecondAll(ts []*sym.Term) []*sym.Term {
	out := make([]*sym.Term, len(ts))
	for i, t := range ts {
		out[i] = p.Second(t)
	}
	return out
}

// Linear returns thread 1's linear index in its block (x + y·Bx + z·Bx·By,
// 32-bit); Second(Linear()) is thread 2's.
func (p *Pair) Linear() *sym.Term {
	v := func(n string) *sym.Term { return p.Trace.Vars[n].Term }
	bx, by := v("blockDim.x"), v("blockDim.y")
	return sym.Add(v("threadIdx.x"), sym.Add(sym.Mul(v("threadIdx.y"), bx), sym.Mul(v("threadIdx.z"), sym.Mul(bx, by))))
}

// Warp returns thread 1's warp index in its block and Lane its lane.
func (p *Pair) Warp() *sym.Term { return sym.UDiv(p.Linear(), sym.Const(32, 32)) }

// Lane returns thread 1's lane (linear index mod 32).
func (p *Pair) Lane() *sym.Term { return sym.URem(p.Linear(), sym.Const(32, 32)) }

// SameBlock holds when the two threads are in one block.
func (p *Pair) SameBlock() *sym.Term {
	var cs []*sym.Term
	for _, d := range []string{"x", "y", "z"} {
		b := p.Trace.Vars["blockIdx."+d].Term
		cs = append(cs, sym.Eq(b, p.Second(b)))
	}
	return sym.BAnd(cs...)
}

// Overlap holds when thread 1's access a and thread 2's access b touch a
// common byte (both in one region).
func (p *Pair) Overlap(a, b *Access) *sym.Term {
	ob := p.Second(b.Off)
	return sym.BAnd(sym.Slt(a.Off, sym.Add(ob, sym.Const(64, uint64(b.Size)))),
		sym.Slt(ob, sym.Add(a.Off, sym.Const(64, uint64(a.Size)))))
}

// WithConsistent returns pc and, for the loads pc and viol mention, the
// equalities of Consistent: the path condition of a two-thread check.
func (p *Pair) WithConsistent(pc []*sym.Term, viol *sym.Term) []*sym.Term {
	out := append([]*sym.Term(nil), pc...)
	return append(out, p.Consistent(append(append([]*sym.Term(nil), pc...), viol))...)
}

// Consistent returns, for the input loads whose values ts mention (either
// thread's), that loads of one region at one address read one value.
func (p *Pair) Consistent(ts []*sym.Term) []*sym.Term {
	used := map[string]bool{}
	for _, v := range termVars(ts) {
		used[v.Name] = true
	}
	type load struct {
		a        *Access
		off, val *sym.Term
	}
	var ls []load
	for _, a := range p.data {
		if used[a.Value.Name] {
			ls = append(ls, load{a, a.Off, a.Value})
		}
		if v2 := p.Second(a.Value); used[v2.Name] {
			ls = append(ls, load{a, p.Second(a.Off), v2})
		}
	}
	var out []*sym.Term
	for i := range ls {
		for j := i + 1; j < len(ls); j++ {
			a, b := ls[i], ls[j]
			if a.a.Region != b.a.Region || a.a.Size != b.a.Size || a.val.Width != b.val.Width {
				continue
			}
			if !a.val.IsBool() && Cumulative(a.a.Region.Name) {
				// A prefix sum is non-decreasing: the load at the lower
				// offset reads the lower value (one value where the
				// offsets meet).
				out = append(out,
					sym.Implies(sym.Sle(a.off, b.off), sym.Sle(a.val, b.val)),
					sym.Implies(sym.Sle(b.off, a.off), sym.Sle(b.val, a.val)))
				continue
			}
			out = append(out, sym.Implies(sym.Eq(a.off, b.off), same(a.val, b.val)))
		}
	}
	return out
}

// cumulative matches the names inference code gives the prefix sums of
// per-sequence lengths: cu_seq_lens, cu_seqlens_q, query_start_loc,
// kv_indptr, the CSR offsets of a paged KV cache.
var cumulative = regexp.MustCompile(`^cu_|_cu_|start_locs?$|indptr$|^cumsum|_cumsum$`)

// Cumulative reports whether a buffer of this name is, by the naming of
// inference kernels, a prefix sum ([batch + 1] offsets of sequences,
// tokens or pages), whose entries never decrease.
func Cumulative(name string) bool {
	return cumulative.MatchString(strings.Trim(strings.ToLower(name), "_"))
}

// same is x = y for bit-vectors and x ⇔ y for booleans (bool loads).
func same(x, y *sym.Term) *sym.Term {
	if x.IsBool() {
		return sym.BOr(sym.BAnd(x, y), sym.BAnd(sym.BNot(x), sym.BNot(y)))
	}
	return sym.Eq(x, y)
}

// InputLoads returns the loads of integer values from kernel buffers the
// trace never writes (no store or atomic on the region, and no write the
// execution lost).
func (t *Trace) InputLoads() []*Access {
	if len(t.LostWrites) > 0 {
		return nil
	}
	written := map[*Region]bool{}
	for _, a := range t.Accesses {
		if a.Write {
			written[a.Region] = true
		}
	}
	var out []*Access
	for _, a := range t.Accesses {
		if !a.Write && a.Value != nil && !written[a.Region] && isParamRegion(t, a.Region) {
			out = append(out, a)
		}
	}
	return out
}

func isParamRegion(t *Trace, r *Region) bool {
	for _, p := range t.Func.Params {
		if p == r.Var {
			return true
		}
	}
	return false
}

// Constraints returns the constraints that hold everywhere in t
// (assumptions and limits).
func (t *Trace) Constraints() []*sym.Term { return t.global() }

// Bound returns the smallest (or, with max, the largest) value of the
// signed 64-bit term v where pc holds, with Sat; Unsat when pc cannot
// hold, Unknown when the solver could not say.
func (t *Trace) Bound(ctx context.Context, s solver.Solver, pc []*sym.Term, v *sym.Term, max bool) (int64, solver.Result) {
	term := v
	if max {
		term = sym.Neg(v)
	}
	q := solver.Query{Constraints: t.global(), Goal: sym.BAnd(pc...)}
	val, r, err := solver.MinimizeValue(ctx, s, q, term, true)
	if err != nil || r != solver.Sat {
		if err != nil {
			r = solver.Unknown
		}
		return 0, r
	}
	n := sym.SignExtend(val, 64)
	if max {
		n = -n
	}
	return n, solver.Sat
}

// Model returns a model of the constraints and pc, restricted to the
// anchored variables, as equalities (sorted by name) that fix them.
func (t *Trace) Model(ctx context.Context, s solver.Solver, pc []*sym.Term) ([]*sym.Term, bool) {
	r, m, err := s.Check(ctx, solver.Query{Constraints: t.global(), Goal: sym.BAnd(pc...)})
	if err != nil || r != solver.Sat {
		return nil, false
	}
	anch := t.Anchored()
	var names []string
	for n := range m {
		if anch[n] && t.Vars[n] != nil {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	var out []*sym.Term
	for _, n := range names {
		out = append(out, fix(t.Vars[n].Term, m[n]))
	}
	return out, true
}

// Threads describes the two threads of a witness: "blockIdx (0, 0, 0)
// threadIdx (5, 0, 0)" for each.
func (p *Pair) Threads(w *Witness) (string, string) {
	one := func(second bool) string {
		get := func(n string) int64 {
			t := p.Trace.Vars[n].Term
			if second {
				t = p.Second(t)
			}
			v, _ := sym.Eval(t, w.Model.Env())
			return int64(v)
		}
		return fmt.Sprintf("blockIdx (%d, %d, %d) threadIdx (%d, %d, %d)", get("blockIdx.x"), get("blockIdx.y"), get("blockIdx.z"),
			get("threadIdx.x"), get("threadIdx.y"), get("threadIdx.z"))
	}
	return one(false), one(true)
}

// Eval returns the value of t in the witness (0 when it cannot say).
func Eval(t *sym.Term, w *Witness) int64 {
	v, err := sym.Eval(t, w.Model.Env())
	if err != nil {
		return 0
	}
	if t.Width > 0 {
		return sym.SignExtend(v, t.Width)
	}
	return int64(v)
}

// EachConflict calls check on the pairs of accesses (a recorded no later
// than b, thread 1 running a and thread 2 b) that may conflict: one shared
// or global region,
// at least one write, not both atomics, and not two threads storing the
// same constant through one store (benign: every thread writes the value
// every other one does). Each pair of IR nodes is offered once, and none
// whose b is in reported; check returns true when it reports b, which is
// then added to reported.
func EachConflict(t *Trace, reported map[ir.Node]bool, check func(a, b *Access) bool) {
	// A memcpy is one node with a read and a write access.
	type key struct {
		a, b           ir.Node
		aWrite, bWrite bool
	}
	seen := map[key]bool{}
	for j, b := range t.Accesses {
		for i := 0; i <= j && !reported[b.Node]; i++ {
			a := t.Accesses[i]
			_, atomA := a.Node.(*ir.Atomic)
			_, atomB := b.Node.(*ir.Atomic)
			switch {
			case a.Region != b.Region || !(a.Write || b.Write) || (atomA && atomB):
				continue
			case a.Region.Space != ir.Shared && a.Region.Space != ir.Global:
				// Local arrays belong to one thread; constant memory is read-only.
				continue
			case a.Node == b.Node && constStore(a.Node):
				continue
			case seen[key{a.Node, b.Node, a.Write, b.Write}]:
				continue
			}
			seen[key{a.Node, b.Node, a.Write, b.Write}] = true
			if check(a, b) {
				reported[b.Node] = true
			}
		}
	}
}

func constStore(n ir.Node) bool {
	s, ok := n.(*ir.Store)
	if !ok {
		return false
	}
	if _, ok := ir.ConstValue(s.Val); ok {
		return true
	}
	_, ok = s.Val.(*ir.FloatConst)
	return ok
}

// Describe names an access as written, with text printing expressions
// (witness.Text): "load from sdata[tid + s]", "store to tile[ty][tx]",
// "atomicAdd on hist[bin]".
func Describe(a *Access, text func(ir.Expr) string) string {
	load := func(ptr, idx ir.Expr, field string) string {
		if _, ok := ptr.(*ir.AddrOf); ok && a.Region.Var != nil {
			return a.Region.Name // a memory-resident scalar
		}
		return text(&ir.Load{P: a.Pos, Ptr: ptr, Index: idx, Field: field, T: a.Elem})
	}
	switch n := a.Node.(type) {
	case *ir.Load:
		return "load from " + load(n.Ptr, n.Index, n.Field)
	case *ir.Store:
		return "store to " + load(n.Ptr, n.Index, n.Field)
	case *ir.Atomic:
		return "atomic" + n.Op + " on " + load(n.Ptr, n.Index, "")
	case *ir.Intrinsic:
		return byteCall(n, a.Write, text)
	}
	return "access to " + a.Region.Name
}

// Modelled reports whether a is an access the lowering wrote out to model
// a library collective's internal traffic (the warp aggregates of
// cub::BlockReduce), not one the source spells.
func Modelled(a *Access) bool {
	var ptr ir.Expr
	switch n := a.Node.(type) {
	case *ir.Load:
		ptr = n.Ptr
	case *ir.Store:
		ptr = n.Ptr
	}
	r, ok := ptr.(*ir.VarRef)
	return ok && r.Var.Model != ""
}

// Race holds when thread 1's access a and thread 2's access b overlap and
// nothing orders them: in one block, they run in the same barrier
// interval from different warps (a conflict within one warp relies on
// lockstep: warpsync's); in global memory, threads of different blocks
// are ordered only by a grid barrier between the accesses.
func (p *Pair) Race(a, b *Access) *sym.Term {
	inBlock := sym.BAnd(p.SameBlock(), sym.Eq(a.Epoch, p.Second(b.Epoch)), sym.Ne(p.Warp(), p.Second(p.Warp())))
	if a.Region.Space == ir.Shared {
		return sym.BAnd(p.Overlap(a, b), inBlock)
	}
	across := sym.BNot(p.SameBlock())
	if a.GridEpoch != nil && b.GridEpoch != nil {
		across = sym.BAnd(across, sym.Eq(a.GridEpoch, p.Second(b.GridEpoch)))
	}
	return sym.BAnd(p.Overlap(a, b), sym.BOr(across, inBlock))
}

// byteCall names a memcpy's or memset's access: "memcpy to &out[i]",
// "memcpy from src", "memset of buf".
func byteCall(n *ir.Intrinsic, write bool, text func(ir.Expr) string) string {
	name := strings.TrimPrefix(n.Name, "__builtin_")
	op := ir.ByteOp(n.Name)
	arg := func(i int) string {
		if i >= len(n.Args) {
			return "?"
		}
		return text(ir.StripConvert(n.Args[i]))
	}
	switch {
	case op == "memset":
		return "memset of " + arg(0)
	case write:
		return name + " to " + arg(0)
	}
	return name + " from " + arg(1)
}
