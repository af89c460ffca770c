package launch

import (
	"cmp"
	"fmt"
	"slices"
	"sort"
	"sync"

	"github.com/cudavet/cudavet/checkers/internal/model"
	"github.com/cudavet/cudavet/checkers/internal/sym"
	"github.com/cudavet/cudavet/checkers/internal/symex"
	"github.com/cudavet/cudavet/frontend/ir"
)

type class int

const (
	unclassified class = iota
	fixedClass
	userClass
)

// classOf is the class of a size called display: by its name, else
// (named false) by its source (role).
func classOf(display string, h *hvar) (cls class, canon string, named bool) {
	if cls, canon = classify(display); cls != unclassified {
		return cls, canon, true
	}
	cls, canon = role(h)
	return cls, canon, false
}

func classify(name string) (class, string) {
	switch k, canon := model.Classify(name); k {
	case model.Fixed:
		return fixedClass, canon
	case model.User:
		return userClass, canon
	}
	return unclassified, ""
}

// name binds a value to a local variable of the code: a size variable
// not yet named takes the local's name (int hidden_size = x.size(-1));
// a size computed from others, stored in a local whose name classifies
// it (int num_tokens = x.numel() / hidden_size), becomes a variable of
// its own, equal to the computation, so that the limits of its class
// apply and messages name it.
func (x *executor) name(v *ir.Var, val value, st *state) value {
	it, ok := v.Type.(*ir.IntType)
	if !ok || val.t == nil || val.t.IsBool() {
		return val
	}
	base := stripResize(val.t)
	if base.Op == sym.OpVar {
		if h := x.vars[base.Name]; h != nil && !h.named && h.kind != unknownVar && h.kind != choiceVar {
			h.display, h.named = v.Name, true
		}
		return val
	}
	if _, ok := val.t.Const(); ok {
		return val
	}
	if cls, canon := classify(v.Name); cls == unclassified || computedConfig[canon] || x.dependsOnUnknown(val.t) {
		return val
	}
	nv := x.newVar(v.Name, true, sizeVar, it.Bits, it.Signed, v.P)
	x.facts = append(x.facts, sym.Eq(nv, val.t))
	return value{t: nv, factors: val.factors}
}

// computedConfig are the user sizes that name a configuration, not a
// count: computed by the launcher (block_size = std::min<uint32_t>(1024,
// d), a thread block; num_splits from the sequence length), such a value
// is what the computation gives. The name's limit, documented for a KV
// page or a split count the caller picks, contradicted it: FlashInfer's
// launchers call the thread-block size block_size, and 1024 > 256 made
// every check of the launch vacuous.
var computedConfig = map[string]bool{"block_size": true, "num_splits": true}

func (x *executor) dependsOnUnknown(t *sym.Term) bool {
	for _, v := range t.Vars() {
		if h := x.vars[v.Name]; h == nil || h.kind == unknownVar {
			return true
		}
	}
	return false
}

// launch records a site: the kernel's spec under the path that reaches it.
func (x *executor) launch(s *ir.Launch, st *state) {
	if s.Kernel == nil || s.Kernel.Body == nil {
		x.cut["launches of kernels without a body here"]++
		return
	}
	site := &Site{Launch: s, Entry: x.entry}
	for _, fr := range x.frames[1:] {
		if fr.fn != nil {
			site.Calls = append(site.Calls, fr.call)
		}
	}
	grid, block, smem := x.eval(s.Grid, st), x.eval(s.Block, st), x.eval(s.Smem, st)
	args := make([]value, len(s.Args))
	for i, a := range s.Args {
		args[i] = x.eval(a, st)
	}
	if pins := x.pinned(st.PC); len(pins) > 0 {
		grid, block, smem = pin(grid, pins), pin(block, pins), pin(smem, pins)
		for i := range args {
			args[i] = pin(args[i], pins)
		}
	}
	b := &specBuilder{x: x, site: site, display: map[string]string{},
		spec: &symex.Spec{Lengths: map[*ir.Var]*sym.Term{}, Params: map[*ir.Var]*sym.Term{}, Nulls: map[*ir.Var]*sym.Term{}}}
	b.args(s.Kernel, args)
	b.indexes(s.Kernel)
	b.geometry(grid, block, smem)
	b.spec.Assume = append(b.spec.Assume, st.PC...)
	b.spec.Assume = append(b.spec.Assume, x.exactFor(st.PC)...)
	b.spec.Assume = append(b.spec.Assume, x.rankFacts(st.PC)...)
	b.pointers()
	b.spec.Assume = append(b.spec.Assume, b.relevantFacts()...)
	b.classes()
	b.spec.Launcher = b.launcherOf(s.Kernel, args, st.PC)
	site.Spec = b.spec
	x.sites = append(x.sites, site)
}

// pinned returns the unknowns the path fixes to a constant: an
// unclassified host parameter tested against constants in a dispatch
// chain (if (rows_per_block == 16) launch<16><<<M / rows_per_block,
// ...>>>) is that constant at the launch under the test. Left as the
// unknown, the grid was unresolved, and a kernel checked for its first
// block alone was reported at M = 1, where M / 16 launches no block.
func (x *executor) pinned(pc []*sym.Term) map[string]*sym.Term {
	var out map[string]*sym.Term
	var visit func(c *sym.Term)
	visit = func(c *sym.Term) {
		switch c.Op {
		case sym.OpBAnd:
			for _, a := range c.Args {
				visit(a)
			}
			return
		case sym.OpEq:
		default:
			return
		}
		v, k := c.Args[0], c.Args[1]
		if v.Op == sym.OpConst {
			v, k = k, v
		}
		val, ok := k.Const()
		if !ok {
			return
		}
		signed := v.Op == sym.OpSExt
		if v.Op == sym.OpSExt || v.Op == sym.OpZExt {
			v = v.Args[0]
		}
		h := x.vars[v.Name]
		if v.Op != sym.OpVar || h == nil || h.kind != unknownVar || v.Width == 0 {
			return
		}
		// The constant, in the variable's width, if it survives there.
		c2 := sym.Resize(sym.Const(k.Width, val), v.Width, signed)
		if sym.Resize(c2, k.Width, signed).Key() != k.Key() {
			return
		}
		if out == nil {
			out = map[string]*sym.Term{}
		}
		out[v.Name] = c2
	}
	for _, c := range pc {
		visit(c)
	}
	return out
}

// pin is v with the variables of m replaced.
func pin(v value, m map[string]*sym.Term) value {
	sub := func(t *sym.Term) *sym.Term {
		if t == nil {
			return nil
		}
		return sym.Subst(t, m)
	}
	v.t = sub(v.t)
	if v.dim3 != nil {
		d := *v.dim3
		for i := range d {
			d[i] = sub(d[i])
		}
		v.dim3 = &d
	}
	if v.ptr != nil {
		p := *v.ptr
		p.off = sub(p.off)
		v.ptr = &p
	}
	return v
}

// launcherOf describes the entry point's parameters as the path to a
// launch has refined them (the shapes asked for so far), for a
// reproducer that calls the launcher; args are the launch's arguments.
// Facts are the analysis's facts about these parameters' variables and
// the path's, which a reproducer's inputs must satisfy too.
func (b *specBuilder) launcherOf(kern *ir.Func, args []value, pc []*sym.Term) *symex.Launcher {
	x := b.x
	l := &symex.Launcher{Func: x.entry}
	var seed []*sym.Term
	for i, p := range x.entry.Params {
		if i >= len(x.entryVals) {
			break
		}
		v := x.entryVals[i]
		hp := symex.HostParam{Var: p, Rest: -1}
		switch p.Type.(type) {
		case *ir.IntType:
			hp.Kind, hp.Value = symex.HostInt, v.t
		case *ir.BoolType:
			hp.Kind, hp.Value = symex.HostBool, v.t
		case *ir.FloatType:
			hp.Kind = symex.HostFloat
		default:
			if v.ten == nil {
				break
			}
			hp.Kind = symex.HostTensor
			if v.absent != nil {
				hp.Kind, hp.Has = symex.HostOptional, sym.BNot(v.absent)
			}
			ten := v.ten
			hp.Dims = append(hp.Dims, ten.lead...)
			if ten.rest != nil {
				hp.Rest = len(hp.Dims)
				hp.Dims = append(hp.Dims, ten.rest)
				for j := len(ten.trail) - 1; j >= 0; j-- {
					hp.Dims = append(hp.Dims, ten.trail[j])
				}
			}
			hp.Rank, hp.DType, hp.Elem, hp.Ints, hp.Inspected = ten.rank, ten.dtype, ten.elem, ten.ints, ten.inspected
			for k, a := range args {
				if a.ptr != nil && a.ptr.ten != nil && (a.ptr.ten == ten || a.ptr.ten.name == p.Name) {
					hp.Data = append(hp.Data, k)
					if hp.View == nil {
						hp.View = a.ptr.view
					}
					if hp.Cast == nil && a.ptr.view == nil && k < len(kern.Params) {
						if pt, ok := kern.Params[k].Type.(*ir.PointerType); ok {
							hp.Cast = pt.Elem // (const __half*)t.data_ptr()
						}
					}
					if n := b.bounds[a.ptr.ten]; n != nil && hp.Numel == nil {
						hp.Numel = n
					}
				}
			}
		}
		if v.ten != nil {
			hp.Hint = v.ten.view
		}
		seed = append(seed, hp.Value, hp.Has, hp.Rank, hp.DType, hp.Numel)
		seed = append(seed, hp.Dims...)
		l.Params = append(l.Params, hp)
	}
	seed = append(seed, pc...)
	// Only a finding's reproducer asks: the closure is computed then, over
	// the facts known at the launch (x.facts only grows).
	facts := x.facts[:len(x.facts):len(x.facts)]
	pc = slices.Clip(pc)
	l.Facts = sync.OnceValue(func() []*sym.Term { return append(factsAbout(facts, seed), pc...) })
	return l
}

// factsAbout is the facts that constrain the variables of terms,
// directly or through other facts.
func factsAbout(facts, terms []*sym.Term) []*sym.Term {
	used := map[string]bool{}
	for _, t := range terms {
		if t != nil {
			for _, v := range t.Vars() {
				used[v.Name] = true
			}
		}
	}
	return closeFacts(facts, used, nil)
}

// closeFacts returns the facts that share a variable with used, directly
// or through facts already taken (a fixed point), each once, in order;
// it marks their variables in used. A fact whose key refines lists is
// taken only when one of those variables is used (a split's refinement
// joins through its owners, not through the new variables it adds).
func closeFacts(facts []*sym.Term, used map[string]bool, refines map[string][]string) []*sym.Term {
	in := make([]bool, len(facts))
	for changed := true; changed; {
		changed = false
		for i, f := range facts {
			if in[i] {
				continue
			}
			touch := false
			if owners, ok := refines[f.Key()]; ok {
				for _, o := range owners {
					touch = touch || used[o]
				}
			} else {
				for _, v := range f.Vars() {
					if used[v.Name] {
						touch = true
						break
					}
				}
			}
			if !touch {
				continue
			}
			in[i], changed = true, true
			for _, v := range f.Vars() {
				used[v.Name] = true
			}
		}
	}
	var out []*sym.Term
	seen := map[string]bool{}
	for i, f := range facts {
		if in[i] && !seen[f.Key()] {
			seen[f.Key()] = true
			out = append(out, f)
		}
	}
	return out
}

type specBuilder struct {
	x       *executor
	site    *Site
	spec    *symex.Spec
	display map[string]string // this site's names of host variables
	memory  []*sym.Term
	model   *sym.Term // the profile selector (see selector), once made
	pending []pendingPtr
	// fieldPtrs are the pointer fields of struct parameters (fields).
	fieldPtrs []pendingPtr
	bounds    map[*tensor]*sym.Term // shapeBound's numel variables
	// rowDims holds, per activation, the model-fixed sizes of its
	// dimensions after the first (see rowWidths).
	rowDims map[*tensor][]*sym.Term
	rowTens []*tensor // rowDims' keys in the order first seen
}

type pendingPtr struct {
	p *ir.Var
	t *ir.PointerType
	a value
	// field, for specBuilder.fieldPtrs, names the pointer field of
	// struct parameter p that a is stored in (t is then nil).
	field string
}

// pointers gives the pointer parameters their lengths once the scalars,
// the geometry and the path condition are known: a tensor whose numel
// they do not use is bounded by its shape alone (see shapeBound).
// eachLaunchTerm calls f on each term of the spec that the launch itself
// gives: the scalar parameters, grid, block, shared memory and the
// assumptions (f must accept nil).
func (b *specBuilder) eachLaunchTerm(f func(*sym.Term)) {
	for _, t := range b.spec.Params {
		f(t)
	}
	for _, t := range b.spec.Nulls {
		f(t)
	}
	for _, t := range b.spec.Indexes {
		f(t)
	}
	for _, fs := range b.spec.Fields {
		for _, fd := range fs {
			f(fd.Value)
			f(fd.Null)
		}
	}
	for i := range 3 {
		f(b.spec.Grid[i])
		f(b.spec.Block[i])
	}
	f(b.spec.Smem)
	for _, t := range b.spec.Assume {
		f(t)
	}
}

func (b *specBuilder) pointers() {
	uses := map[string]bool{}
	mark := func(t *sym.Term) {
		if t != nil {
			for _, v := range t.Vars() {
				uses[v.Name] = true
			}
		}
	}
	b.eachLaunchTerm(mark)
	for _, pp := range append(b.pending, b.fieldPtrs...) {
		if pp.a.ptr != nil {
			mark(pp.a.ptr.off)
		}
	}
	for _, pp := range b.pending {
		b.pointer(pp.p, pp.t, pp.a, uses)
	}
	for _, pp := range b.fieldPtrs {
		b.fieldPointer(pp, uses)
	}
}

// eachField calls f on each term the launch gives for struct fields.
func (b *specBuilder) eachField(f func(*sym.Term)) {
	for _, fs := range b.spec.Fields {
		for _, fd := range fs {
			f(fd.Value)
			f(fd.Bytes)
			f(fd.Null)
		}
	}
}

// args binds the kernel's parameters to the launch's arguments.
func (b *specBuilder) args(k *ir.Func, args []value) {
	for i, p := range k.Params {
		if i >= len(args) {
			break
		}
		a := args[i]
		switch t := p.Type.(type) {
		case *ir.IntType:
			if a.t == nil || a.t.IsBool() {
				b.site.Unresolved = append(b.site.Unresolved, p.Name)
				continue
			}
			if b.x.dependsOnUnknown(a.t) {
				b.site.Unresolved = append(b.site.Unresolved, p.Name)
			}
			if base := stripResize(a.t); base.Op == sym.OpVar {
				if h := b.x.vars[base.Name]; h != nil && !h.named && h.kind == sizeVar {
					b.display[base.Name] = p.Name
				}
			}
			b.spec.Params[p] = sym.Resize(a.t, t.Bits, true) // arguments already have the parameter's type
		case *ir.BoolType:
			// A flag the launch passes (use_shmem = false) decides the
			// kernel's branches on it.
			switch {
			case a.t == nil:
				b.site.Unresolved = append(b.site.Unresolved, p.Name)
			case a.t.IsBool():
				b.spec.Params[p] = a.t
			default:
				b.spec.Params[p] = sym.Ne(a.t, sym.Const(a.t.Width, 0))
			}
		case *ir.PointerType:
			b.pending = append(b.pending, pendingPtr{p: p, t: t, a: a})
			if n := nullOf(a.ptr); n != nil {
				b.spec.Nulls[p] = n
			}
		case *ir.StructType:
			b.fields(p, a)
		}
	}
}

// fields binds the fields of a struct parameter passed by value to what
// the launcher stored in them (a record): integers and bools as terms,
// pointers into tensors once their lengths are known (pointers).
func (b *specBuilder) fields(p *ir.Var, a value) {
	if a.rec == nil {
		return
	}
	names := make([]string, 0, len(a.rec))
	for name := range a.rec {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		fv := a.rec[name]
		var f symex.Field
		switch {
		case fv.ptr != nil:
			b.fieldPtrs = append(b.fieldPtrs, pendingPtr{p: p, a: fv, field: name})
			f.Null = nullOf(fv.ptr)
		case fv.t != nil && (fv.t.IsBool() || !b.x.dependsOnUnknown(fv.t)):
			f.Value = fv.t
		default:
			continue
		}
		if b.spec.Fields == nil {
			b.spec.Fields = map[*ir.Var]map[string]*symex.Field{}
		}
		if b.spec.Fields[p] == nil {
			b.spec.Fields[p] = map[string]*symex.Field{}
		}
		b.spec.Fields[p][name] = &f
	}
}

// fieldPointer gives a pointer field the bytes from where it points to
// the end of its tensor, when its element size is known.
func (b *specBuilder) fieldPointer(pp pendingPtr, uses map[string]bool) {
	a := pp.a
	f := b.spec.Fields[pp.p][pp.field]
	if f == nil || a.ptr == nil || a.ptr.ten == nil || b.x.dependsOnUnknown(a.ptr.off) {
		return
	}
	elem := a.ptr.telem
	if elem == 0 {
		elem = a.ptr.elem
	}
	if elem <= 0 {
		return
	}
	numel := b.shapeBound(a.ptr.ten, uses)
	f.Bytes = sym.Sub(sym.Mul(numel, sym.Const(64, uint64(elem))), a.ptr.off)
	b.memory = append(b.memory, inMemory(a.ptr.ten, numel, elem))
}

// inMemory states that a tensor's numel elements of elem bytes fit the
// device's memory.
func inMemory(ten *tensor, numel *sym.Term, elem int64) *sym.Term {
	return sym.Sle(numel, sym.Int(64, deviceBound(ten, model.DeviceMemory/elem)))
}

// pointer gives a pointer parameter the length of the tensor it points
// into: (numel × element size − offset) / the parameter's element size.
func (b *specBuilder) pointer(p *ir.Var, t *ir.PointerType, a value, uses map[string]bool) {
	if a.ptr == nil || a.ptr.ten == nil {
		b.site.Unresolved = append(b.site.Unresolved, "len("+p.Name+")")
		return
	}
	pe := t.Elem.Size()
	if pe <= 0 {
		pe = 1
	}
	ten := a.ptr.ten
	elem := a.ptr.telem
	if elem == 0 && t.Elem.Size() <= 0 {
		// An untyped data_ptr() passed as void*: the tensor's element size
		// is the one the kernel casts the parameter to (the launch and the
		// kernel agree on the dtype, as for data_ptr<T>()). Counting the
		// void* length in bytes would make every tensor of wider elements
		// look short.
		s, ok := castElem(b.site.Launch.Kernel, p)
		if !ok {
			b.site.Unresolved = append(b.site.Unresolved, "len("+p.Name+")")
			return
		}
		elem = s
	}
	if elem == 0 {
		// Untyped data_ptr() cast to the kernel's type: take the larger of
		// the sizes, so that the length is never underestimated.
		elem = max(pe, a.ptr.elem)
	}
	// numel is one variable (the facts relate it to the dimensions): a
	// product of every dimension asked for would put its multiplications
	// in every bounds query.
	numel := b.shapeBound(ten, uses)
	off, constOff := a.ptr.off.Const()
	switch {
	case constOff && off == 0 && elem%pe == 0:
		// The common case, data_ptr<T>() passed as T*: no division.
		b.spec.Lengths[p] = sym.Mul(numel, sym.Const(64, uint64(elem/pe)))
	default:
		bytes := sym.Mul(numel, sym.Const(64, uint64(elem)))
		b.spec.Lengths[p] = sym.SDiv(sym.Sub(bytes, a.ptr.off), sym.Const(64, uint64(pe)))
	}
	b.memory = append(b.memory, inMemory(ten, numel, elem))
	if isWeight(ten.name) {
		_, packed := t.Elem.(*ir.IntType)
		packed = packed && elem >= 4 // int32 words of 4- or 8-bit weights
		if f := b.weightBound(numel, elem, packed); len(f) > 0 {
			b.memory = append(b.memory, f...)
			if b.spec.Weights == nil {
				b.spec.Weights = map[*ir.Var]bool{}
			}
			b.spec.Weights[p] = true
		}
	}
	if b.x.dependsOnUnknown(a.ptr.off) {
		b.site.Unresolved = append(b.site.Unresolved, "len("+p.Name+")")
	}
}

func (b *specBuilder) geometry(grid, block, smem value) {
	dims := func(v value, what string, out *[3]*sym.Term) {
		if v.dim3 == nil {
			b.site.Unresolved = append(b.site.Unresolved, what)
			return
		}
		for i, d := range v.dim3 {
			if b.x.dependsOnUnknown(d) {
				b.site.Unresolved = append(b.site.Unresolved, what)
				break
			}
			out[i] = d
		}
	}
	dims(grid, "grid", &b.spec.Grid)
	dims(block, "block", &b.spec.Block)
	if smem.t != nil && !smem.t.IsBool() {
		b.spec.Smem = sym.Resize(smem.t, 64, false)
	}
}

// shapeBound is the number of elements of t as the launch sees it. When
// the launch uses none of the variables of t's numel chain (numel, and
// the rests split from it), the exact chain numel = d₀ × … × rest, a
// product of variables, says nothing the launch needs beyond
// numel >= the product of the dimensions it asked for: numel becomes a
// variable of its own, unknown (a finding must hold for every value, as
// for a shape the code never looked at), bounded below by that product
// and above by the device. Every exact numel satisfies the relaxation,
// so a finding under it holds for every exact shape, and a proof under
// it for every shape; the solver is spared the multiplications.
func (b *specBuilder) shapeBound(t *tensor, uses map[string]bool) *sym.Term {
	if t.rest == nil {
		return t.numel
	}
	for _, name := range b.x.order {
		if h := b.x.vars[name]; h.ten == t && h.kind == restVar && uses[name] {
			return t.numel
		}
	}
	if t.rows != nil {
		for _, v := range t.rows.Vars() {
			if uses[v.Name] {
				return t.numel // its rows are the launch's count
			}
		}
	}
	if b.bounds == nil {
		b.bounds = map[*tensor]*sym.Term{}
	}
	if n := b.bounds[t]; n != nil {
		return n
	}
	n := b.x.newVar("numel("+t.name+")", false, unknownVar, 64, true, 0)
	b.x.vars[n.Name].cause = causeShape
	if !t.inspected {
		b.x.vars[n.Name].cause = causeNever
	}
	b.bounds[t] = n
	prod := sym.Const(64, 1)
	for _, f := range b.x.expand(t.factors) {
		if f != t.rest {
			prod = sym.Mul(prod, f)
		}
	}
	b.memory = append(b.memory, sym.Sle(prod, n), sym.Sle(n, sym.Int(64, deviceBound(t, maxNumel))))
	return n
}

// unsizedNumel bounds the elements of a tensor the launcher never
// inspects: far past any device, short of 64-bit byte counts wrapping.
const unsizedNumel = 1 << 56

// deviceBound is the most elements t may have: bound, what fits on the
// device, for a tensor whose shape the code inspects. One it never
// inspects is the caller's to size (a workspace carved into per-batch
// regions at offsets of the launch's sizes): read as fitting on the
// device, its regions started past its end at sizes whose workspace would
// not fit, and every store into them was reported, at sizes no caller can
// reach. Its bound is unsizedNumel instead, so that an access is past its
// end only where no length at all would hold it.
func deviceBound(t *tensor, bound int64) int64 {
	if t.inspected {
		return bound
	}
	return unsizedNumel
}

// relevantFacts returns the facts of the analysis (tensor shapes,
// definitions of named sizes) connected through shared variables to what
// the launch uses: its lengths, scalars, geometry and path condition.
// Facts about the entry's other tensors say nothing about this launch.
func (b *specBuilder) relevantFacts() []*sym.Term {
	used := map[string]bool{}
	mark := func(t *sym.Term) {
		if t != nil {
			for _, v := range t.Vars() {
				used[v.Name] = true
			}
		}
	}
	for _, t := range b.spec.Lengths {
		mark(t)
	}
	b.eachField(mark)
	b.eachLaunchTerm(mark)
	for _, t := range b.memory {
		mark(t)
	}
	return closeFacts(b.x.facts, used, b.x.refines)
}

// classes describes every host variable the spec uses and adds the
// constraints of its class.
func (b *specBuilder) classes() {
	b.spec.Assume = append(b.spec.Assume, b.memory...)
	terms := append([]*sym.Term(nil), b.spec.Assume...)
	for _, t := range b.spec.Lengths {
		terms = append(terms, t)
	}
	for _, t := range b.spec.Params {
		terms = append(terms, t)
	}
	for _, t := range b.spec.Nulls {
		terms = append(terms, t)
	}
	for _, t := range b.spec.Indexes {
		terms = append(terms, t)
	}
	b.eachField(func(t *sym.Term) { terms = append(terms, t) })
	terms = append(terms, b.spec.Grid[:]...)
	terms = append(terms, b.spec.Block[:]...)
	terms = append(terms, b.spec.Smem)
	seen := map[string]bool{}
	var names []string
	for _, t := range terms {
		if t == nil {
			continue
		}
		for _, v := range t.Vars() {
			if !seen[v.Name] && b.x.vars[v.Name] != nil {
				seen[v.Name] = true
				names = append(names, v.Name)
			}
		}
	}
	sort.Strings(names)
	for _, n := range names {
		b.describe(b.x.vars[n])
	}
	b.rowWidths()
}

// rowWidths bounds the row of each activation whose dimensions after the
// first are model-fixed sizes: their product is at most the widest
// dimension of the profiles. Each dimension takes the dimension set's
// values on its own, so query [tokens, heads, head_dim] could get a
// vocabulary size of heads and an intermediate size of head_dim, a row
// of 2.4 × 10⁹ elements no model has (FlashInfer's cudnn decode wrapped
// an unsigned heads × head_dim × 4 that way). A row of an activation
// holds one of the model's widths (hidden, heads × head_dim, the fused
// qkv, logits over the vocabulary), never the product of two of them.
// Parameter tensors are left alone: a weight is [vocab, hidden].
func (b *specBuilder) rowWidths() {
	widest := int64(0)
	for _, vs := range b.x.cfg.Values {
		for _, v := range vs {
			widest = max(widest, v)
		}
	}
	if widest <= 0 {
		return
	}
	limit := sym.Int(64, widest)
	for _, t := range b.rowTens {
		dims := b.rowDims[t]
		if len(dims) < 2 {
			continue
		}
		// Each partial product is bounded, so none of them wraps.
		prod := dims[0]
		for _, d := range dims[1:] {
			prod = sym.Mul(prod, d)
			b.spec.Assume = append(b.spec.Assume, sym.Sle(prod, limit))
		}
	}
}

func (b *specBuilder) describe(h *hvar) {
	display := h.display
	if d, ok := b.display[h.term.Name]; ok {
		display = d
	}
	// A launcher's value is one value per launch: every thread of the
	// kernel sees it (a stride the engine could not trace is unknown, but
	// the same unknown in both threads of a race check).
	info := &symex.VarInfo{Term: h.term, Display: display, Pos: h.pos, Signed: h.signed, Uniform: true}
	b.spec.Vars = append(b.spec.Vars, info)
	switch h.kind {
	case unknownVar:
		info.Class = symex.Unknown
		info.Source = "unknown: " + cmp.Or(h.cause, causeHost)
		return
	case choiceVar:
		info.Class = symex.User
		info.Source = "a flag, rank or dtype the caller picks"
		return
	case restVar:
		if h.ten != nil && !h.ten.inspected {
			info.Class = symex.Unknown // a shape the launcher never looked at
			info.Source = "unknown: " + causeNever
			return
		}
	}
	info.Class = symex.User
	v := h.term
	if v.Width < 64 {
		v = sym.Resize(v, 64, h.signed)
	}
	cls, canon, named := classOf(display, h)
	if !named {
		// Messages name the source of a size only where the source, not
		// the name, gave its class.
		info.Source = source(h)
	}
	switch cls {
	case unclassified:
		// Neither its name nor where it comes from classifies it (an
		// integer a host helper returned): a finding must hold for every
		// value of it.
		info.Class = symex.Unknown
		if canon == layoutOnly {
			info.Source = "unknown: " + causeLayout
		}
	case fixedClass:
		info.Class = symex.Fixed
		pack := int64(1)
		if !named && h.packed > 1 && h.ten != nil && h.ten.ints && canon == model.DimSet {
			pack = h.packed
			info.Source += fmt.Sprintf(", packed %d per element", pack)
		}
		b.fixed(v, display, canon, pack)
		if h.ten != nil && h.kind == sizeVar && h.front >= 1 && pack == 1 && !isParam(h.ten.name) && canon != restDims && canon != restNone {
			if b.rowDims == nil {
				b.rowDims = map[*tensor][]*sym.Term{}
			}
			if b.rowDims[h.ten] == nil {
				b.rowTens = append(b.rowTens, h.ten)
			}
			b.rowDims[h.ten] = append(b.rowDims[h.ten], v)
		}
		if !named {
			// The profile and formula of the value: a structural size's
			// name says nothing of either.
			info.Profile, info.Origins = b.model, b.origins(canon, pack)
		} else {
			b.site.Fixed = append(b.site.Fixed, FixedSize{Display: display, Canon: canon, Term: h.term})
		}
	case userClass:
		info.Canon = canon
		b.spec.Assume = append(b.spec.Assume, sym.Sle(sym.Int(64, 1), v), sym.Sle(v, sym.Int(64, LimitOf(b.x.cfg.Limits, canon))))
	}
}

// fixed constrains a model-fixed size v to the values of its canonical
// name, each under the profiles that give it (∨ₚ ∨ᵥ v = val ∧ model = p),
// so that the fixed sizes of one witness all come from one model.
// Values only a -mutate variant gives hold under any profile.
//
// A packed dimension (pack > 1) takes the values divisible by pack,
// divided by it.
func (b *specBuilder) fixed(v *sym.Term, display, canon string, pack int64) {
	cfg := b.x.cfg
	if canon == restNone {
		b.spec.Assume = append(b.spec.Assume, sym.Eq(v, sym.Int(64, 1)))
		return
	}
	var alts []*sym.Term
	hasOne := canon == restDims
	if hasOne {
		canon = model.DimSet
		alts = append(alts, sym.Eq(v, sym.Int(64, 1)))
	}
	vals := packedValues(cfg.Values[canon], pack)
	if len(vals) == 0 {
		b.site.NotApplicable = fmt.Sprintf("%s: %s has no %s", display, cfg.Label, canon)
	}
	sel := b.selector()
	if len(vals) > 0 {
		// The range too, which the solver's bound reasoning reads more
		// easily than the disjunction.
		b.spec.Assume = append(b.spec.Assume, sym.Sle(sym.Int(64, 1), v), sym.Sle(v, sym.Int(64, vals[len(vals)-1])))
	}
	given := map[int64]bool{}
	for pi, p := range cfg.Profiles {
		var same []*sym.Term
		for _, val := range packedValues(p.Values[canon], pack) {
			if !slices.Contains(vals, val) {
				continue
			}
			given[val] = true
			same = append(same, sym.Eq(v, sym.Int(64, val)))
		}
		if len(same) > 0 {
			alts = append(alts, sym.BAnd(sym.Eq(sel, sym.Int(64, int64(pi))), sym.BOr(same...)))
		}
	}
	for _, val := range vals {
		if !given[val] {
			alts = append(alts, sym.Eq(v, sym.Int(64, val)))
		}
	}
	// The domain on its own too, v = c₁ ∨ … ∨ v = cₖ, the form the
	// solver's case splitting recognises (solver.Split): with v a constant
	// per case, the products it enters are linear.
	var domain []*sym.Term
	if hasOne {
		domain = append(domain, sym.Eq(v, sym.Int(64, 1)))
	}
	for _, val := range vals {
		domain = append(domain, sym.Eq(v, sym.Int(64, val)))
	}
	b.spec.Assume = append(b.spec.Assume, sym.BOr(domain...), sym.BOr(alts...))
}

// packedValues is the sorted values of vs divisible by pack, divided by
// it (vs itself for pack 1).
func packedValues(vs []int64, pack int64) []int64 {
	if pack <= 1 {
		return vs
	}
	var out []int64
	for _, v := range vs {
		if v%pack == 0 {
			out = append(out, v/pack)
		}
	}
	return out
}

// origins names, for each profile and value of canon, the profile and
// the formula that give it ("Llama-3-8B: 2 × intermediate_size"; with
// pack 8, "Llama-3-8B: 2 × intermediate_size / 8").
func (b *specBuilder) origins(canon string, pack int64) map[[2]int64]string {
	out := map[[2]int64]string{}
	for pi, p := range b.x.cfg.Profiles {
		for _, val := range p.Values[model.DimSet] {
			why := p.Dims[val]
			if why == "" || (canon != model.DimSet && canon != restDims) {
				continue
			}
			if pack > 1 {
				if val%pack != 0 {
					continue
				}
				why, val = fmt.Sprintf("%s / %d", why, pack), val/pack
			}
			out[[2]int64{int64(pi), val}] = p.Name + ": " + why
		}
	}
	return out
}

// selector is the site's model variable: the index of the profile its
// fixed sizes come from. It is described once, as a fixed size whose
// Profile is itself.
func (b *specBuilder) selector() *sym.Term {
	if b.model != nil {
		return b.model
	}
	b.model = sym.Var(fmt.Sprintf("@model#%d", len(b.x.sites)), 64)
	info := &symex.VarInfo{Term: b.model, Display: "model", Class: symex.Fixed, Signed: true, Source: "the model profile", Uniform: true,
		Profile: b.model, Origins: map[[2]int64]string{}}
	for pi, p := range b.x.cfg.Profiles {
		info.Origins[[2]int64{int64(pi), int64(pi)}] = p.Name
	}
	b.spec.Vars = append(b.spec.Vars, info)
	b.spec.Assume = append(b.spec.Assume, sym.Sle(sym.Int(64, 0), b.model), sym.Slt(b.model, sym.Int(64, int64(max(1, len(b.x.cfg.Profiles))))))
	return b.model
}

// weightBound says that a weight holds at most the selected model's
// largest parameter tensor (model.Profile.MaxWeight): as many elements,
// or, packed in integers of elem >= 4 bytes, as many elements as
// 8-bit weights fill (a 4-bit GEMV's weight of 2^31 int32 words, 8 GiB
// for one layer, is no model's).
func (b *specBuilder) weightBound(numel *sym.Term, elem int64, packed bool) []*sym.Term {
	var alts []*sym.Term
	for pi, p := range b.x.cfg.Profiles {
		if p.MaxWeight <= 0 || elem <= 0 {
			return nil // a profile without one bounds nothing
		}
		n := p.MaxWeight
		if packed {
			n /= elem
		}
		alts = append(alts, sym.BAnd(sym.Eq(b.selector(), sym.Int(64, int64(pi))), sym.Sle(numel, sym.Int(64, n))))
	}
	if len(alts) == 0 {
		return nil
	}
	return []*sym.Term{sym.BOr(alts...)}
}

// castElem returns the element size of the pointer types the kernel k
// casts its void* parameter p to, when every cast of p names one size;
// false when there is no cast, or casts of different sizes.
func castElem(k *ir.Func, p *ir.Var) (int64, bool) {
	if k == nil || k.Body == nil {
		return 0, false
	}
	size, ok := int64(0), true
	ir.Inspect(k.Body, func(n ir.Node) bool {
		c, isConv := n.(*ir.Convert)
		if !isConv || !ok {
			return ok
		}
		r, isRef := ir.StripConvert(c.X).(*ir.VarRef)
		if !isRef || r.Var != p {
			return true
		}
		pt, isPtr := c.T.(*ir.PointerType)
		if !isPtr {
			return true
		}
		s := pt.Elem.Size()
		switch {
		case s <= 0:
			// void* to void* (a const added): not a view.
		case size == 0:
			size = s
		case size != s:
			ok = false
		}
		return true
	})
	return size, ok && size > 0
}
