package launch

import (
	"fmt"
	"go/token"
	"strings"

	"github.com/cudavet/cudavet/checkers/internal/interp"
	"github.com/cudavet/cudavet/checkers/internal/sym"
	"github.com/cudavet/cudavet/frontend/ir"
)

// value is the symbolic value of a host expression. At most one of the
// fields is set; none means unknown (floats, streams, records the
// analysis does not model).
type value struct {
	t    *sym.Term     // integer (the IR type's width) or bool
	ptr  *pointer      // a pointer into a tensor's region
	ten  *tensor       // a torch::Tensor
	dim3 *[3]*sym.Term // 32-bit components
	list []*sym.Term   // an IntArrayRef or brace list (64-bit elements)
	// sizesOf is t.sizes() of a tensor of unknown rank: indexing it with a
	// constant is t.size(i).
	sizesOf *tensor
	// rec is a record's fields (a params struct the launcher fills and
	// hands to the helper that launches), copied on write.
	rec map[string]value
	// factors, for an integer that is a product of non-negative sizes
	// that cannot overflow (numel, a shape's product), lists them, so that
	// numel / size(-1) divides exactly.
	factors []*sym.Term
	// numelOf is the tensor whose numel() this is, so that numel / n can
	// read n as the tensor's rows (see rowsQuotient).
	numelOf *tensor
	// absent, for a tensor that may be missing (an optional, an undefined
	// torch::Tensor()), is the condition under which it is; with ten nil
	// and absent true the value is nullopt or torch::Tensor() (see
	// optional.go).
	absent *sym.Term
	// opts is the tensor whose options() this is (a factory's result
	// takes its dtype).
	opts *tensor
	// str is a host string (a std::string or string_view): see strval.
	str *strval
}

func (v value) known() bool {
	return v.str != nil || v.absent != nil || v.t != nil || v.ptr != nil || v.ten != nil || v.dim3 != nil || v.list != nil || v.sizesOf != nil || v.rec != nil
}

// pointer is off bytes into a tensor's region; elem is the pointee's size
// (0 for void), telem the size of the tensor's elements as the
// data_ptr<T>() that made the pointer says (0 for an untyped data_ptr()).
// Each dispatch case asks for its own T, so the element size belongs to
// the pointer, not to the tensor.
//
// null, when set, is the condition under which the pointer is nullptr;
// nullptr itself has no tensor and null true (see optional.go).
type pointer struct {
	ten   *tensor
	off   *sym.Term
	elem  int64
	telem int64
	null  *sym.Term
	// view is the T of the data_ptr<T>() that made the pointer (nil for
	// an untyped data_ptr()): the tensor's dtype, for a reproducer.
	view ir.Type
}

// hvar is one variable of the host analysis.
type hvar struct {
	term    *sym.Term
	display string
	named   bool // display comes from a variable or parameter of the code
	kind    varKind
	signed  bool
	pos     token.Pos
	ten     *tensor // for a restVar or a tensor dimension, its tensor
	// cause, for an unknownVar, says why it is unknown (causeData...);
	// empty: untraced host code.
	cause string
	// front and back place a tensor dimension: size(front) when front >=
	// 0, size(-back) when back > 0.
	front, back int
	// packed, for a dimension of a parameter tensor of integers that the
	// code multiplies by a power of two (qweight.size(1) * 8: eight 4-bit
	// weights per int32), is that factor: the dimension is a model width
	// divided by it (see packing).
	packed int64
}

type varKind int

const (
	sizeVar    varKind = iota // a size: tensor dimension, integer parameter, named local
	restVar                   // the product of a tensor's dimensions not asked for
	choiceVar                 // a flag or dtype the caller picks (bool parameters, scalar_type())
	unknownVar                // a value the analysis does not compute
)

// state is the environment and path condition at one program point.
type state = interp.State[value, struct{}]

// dead reports a state whose path ended inside a call (every path
// through the callee failed a check).
func dead(s *state) bool { return len(s.PC) > 0 && s.PC[len(s.PC)-1].IsFalse() }

// frame is an inlined host function's (or lambda's) activation.
type frame struct {
	fn      *ir.Func // nil for a lambda
	returns []*state
	retVals []value
	call    token.Pos
}

// executor runs the host functions of one program.
type executor struct {
	cfg    *Config
	vars   map[string]*hvar
	order  []string // variable names in creation order
	facts  []*sym.Term
	splits map[string][2]*sym.Term // a rest variable split into a dimension and a new rest
	// refines maps the key of a fact a split added to the new variables
	// (the dimension and the new rest) that make it worth including.
	refines map[string][]string
	frames  []*frame
	m       interp.Machine[value, struct{}] // the path-merging core (its Interp below)
	sites   []*Site
	entry   *ir.Func
	// entryVals are the entry point's parameters' initial values (a
	// reproducer calls the launcher with them: see launcherOf).
	entryVals []value
	steps     int
	fresh     int
	tensors   int
	// ranked are the tensors whose dim() the code asked for (rankFacts).
	ranked []*tensor
	// cut counts what the analysis could not follow (reported in -stats).
	cut map[string]int
	// exact maps the key of a signed 64-bit + or - the launcher computed to
	// its "does not overflow" (see exactFor).
	exact map[string]*sym.Term
	// streq holds, per opaque string, the truth of its comparison with
	// each literal (see strEq).
	streq map[*strval]map[string]*sym.Term
}

const (
	maxInline = 6
	maxSteps  = 50000
)

func newExecutor(cfg *Config) *executor {
	x := &executor{cfg: cfg, vars: map[string]*hvar{}, cut: map[string]int{}, splits: map[string][2]*sym.Term{}, refines: map[string][]string{}, exact: map[string]*sym.Term{}, streq: map[*strval]map[string]*sym.Term{}}
	x.m.I = x
	return x
}

// run executes entry with fresh symbolic inputs.
func (x *executor) run(entry *ir.Func) {
	x.entry = entry
	st := interp.NewState[value](nil, struct{}{})
	x.entryVals = x.entryVals[:0]
	for _, p := range entry.Params {
		v := x.param(p)
		st.Env[p] = v
		x.entryVals = append(x.entryVals, v)
	}
	fr := &frame{fn: entry}
	x.frames = append(x.frames, fr)
	x.block(entry.Body, st)
	x.frames = x.frames[:0]
}

// param is the symbolic value of an entry point's parameter.
func (x *executor) param(p *ir.Var) value {
	switch t := p.Type.(type) {
	case *ir.IntType:
		kind := sizeVar
		if cls, _ := classify(p.Name); cls == unclassified {
			kind = unknownVar
		}
		return x.because(value{t: x.newVar(p.Name, true, kind, t.Bits, t.Signed, p.P)}, causeParam)
	case *ir.BoolType:
		return value{t: x.newVar(p.Name, true, choiceVar, 0, false, p.P)}
	}
	if isTensorType(p.Type) {
		return value{ten: x.newTensor(p.Name)}
	}
	if isOptional(p.Type) {
		return x.optionalParam(p)
	}
	if isStringType(p.Type) {
		return value{str: &strval{name: p.Name}}
	}
	return value{}
}

// newVar registers a fresh variable of width w (0: bool).
func (x *executor) newVar(display string, named bool, kind varKind, w int, signed bool, pos token.Pos) *sym.Term {
	x.fresh++
	name := fmt.Sprintf("@%s#%d", display, x.fresh)
	t := sym.Var(name, w)
	x.vars[name] = &hvar{term: t, display: display, named: named, kind: kind, signed: signed, pos: pos}
	x.order = append(x.order, name)
	return t
}

// Why an unknown stays unknown, for -dump=sizes and the verdicts: what a
// user would annotate.
const (
	causeData   = "data loaded at run time"
	causeCall   = "result of a call the analysis does not summarise"
	causeParam  = "host parameter that neither its name nor its use classifies"
	causeShape  = "elements of a tensor beyond the dimensions the launcher asked for"
	causeNever  = "the shape of a tensor the launcher never inspects"
	causeLayout = "the strides of a tensor whose shape the launcher never asks"
	causeHost   = "untraced host code"
)

// because records why v's variable is unknown.
func (x *executor) because(v value, cause string) value {
	if v.t != nil && v.t.Op == sym.OpVar {
		if h := x.vars[v.t.Name]; h != nil && h.kind == unknownVar {
			h.cause = cause
		}
	}
	return v
}

// unknown returns an unknown value of type t.
func (x *executor) unknown(what string, pos token.Pos, t ir.Type) value {
	switch t := t.(type) {
	case *ir.IntType:
		return value{t: x.newVar(what, false, unknownVar, t.Bits, t.Signed, pos)}
	case *ir.BoolType:
		return value{t: x.newVar(what, false, unknownVar, 0, false, pos)}
	}
	if isStringType(t) {
		return value{str: &strval{name: what}}
	}
	return value{}
}

func (x *executor) step() bool {
	x.steps++
	if x.steps > maxSteps {
		x.cut["host statements past the step budget"]++
		return false
	}
	return true
}

// The executor is the core's Interp (package interp): the core runs
// blocks, branches, switches, break, continue, return and assume, and
// merges the paths; the executor evaluates, runs the other statements
// and havocs loops.

func (x *executor) block(b *ir.Block, st *state) *state { return x.m.Block(b, st) }

// Step charges one statement to the step budget.
func (x *executor) Step() bool { return x.step() }

// Live: a path ends where a call's every path failed a check (dead).
func (x *executor) Live(st *state) bool { return !dead(st) }

// Cond is the truth of a condition.
func (x *executor) Cond(e ir.Expr, st *state) *sym.Term { return x.cond(e, st) }

// Eval is the value of an expression.
func (x *executor) Eval(e ir.Expr, st *state) value { return x.eval(e, st) }

// Loop havocs a loop (loop).
func (x *executor) Loop(l *ir.Loop, st *state) *state { return x.loop(l, st) }

// Merge is ite(c, a, b) on values.
func (x *executor) Merge(c *sym.Term, a, b value) value { return mergeValue(c, a, b) }

// MergeX: the launcher carries nothing else along a path.
func (x *executor) MergeX(*sym.Term, struct{}, struct{}) struct{} { return struct{}{} }

// Return records a return in the executing function's frame.
func (x *executor) Return(st *state, v value) {
	fr := x.frames[len(x.frames)-1]
	fr.returns = append(fr.returns, st)
	fr.retVals = append(fr.retVals, v)
}

// CaseCond is tag == val, or an unknown condition when either is not an
// integer.
func (x *executor) CaseCond(tag value, val ir.Expr, c *ir.Case, st *state) *sym.Term {
	cv := x.eval(val, st)
	if tag.t != nil && cv.t != nil && !tag.t.IsBool() && !cv.t.IsBool() {
		return sym.Eq(tag.t, sym.Resize(cv.t, tag.t.Width, true))
	}
	return x.newVar("case", false, unknownVar, 0, false, c.P)
}

// Simple runs the statements that do not move control.
func (x *executor) Simple(s ir.Stmt, st *state) *state {
	switch s := s.(type) {
	case *ir.DeclStmt:
		x.decl(s, st)
	case *ir.Assign:
		x.assign(s, st)
	case *ir.Store:
		x.eval(s.Ptr, st)
		x.eval(s.Index, st)
		x.eval(s.Val, st)
	case *ir.ExprStmt:
		x.eval(s.X, st)
		if isNoReturn(s.X) {
			return nil
		}
	case *ir.UnknownStmt:
		x.cut["unknown host statements"]++
		for _, v := range s.Writes {
			st.Env[v] = x.unknown(v.Name, s.P, v.Type)
		}
	case *ir.Launch:
		x.launch(s, st)
	}
	return st
}

// isNoReturn reports calls that end the path (__assert_fail, abort,
// exit, throw helpers).
func isNoReturn(e ir.Expr) bool {
	c, ok := e.(*ir.Call)
	if !ok {
		return false
	}
	switch c.Name {
	case "__assert_fail", "abort", "std::abort", "exit", "std::exit", "__cudavet_unreachable", "__builtin_unreachable":
		return true
	}
	return false
}

func (x *executor) decl(s *ir.DeclStmt, st *state) {
	if s.Init == nil {
		st.Env[s.Var] = x.zeroOf(s.Var, s.P)
		return
	}
	v := x.eval(s.Init, st)
	st.Env[s.Var] = x.name(s.Var, v, st)
}

// zeroOf is the value of a variable declared without initialiser: a
// default-constructed dim3 is (1, 1, 1); anything else is unknown.
func (x *executor) zeroOf(v *ir.Var, pos token.Pos) value {
	if isDim3(v.Type) {
		one := sym.Const(32, 1)
		return value{dim3: &[3]*sym.Term{one, one, one}}
	}
	if isTensorType(v.Type) {
		return absentValue() // torch::Tensor t; is undefined
	}
	if _, ok := v.Type.(*ir.StructType); ok {
		return value{rec: map[string]value{}} // fields unknown until stored
	}
	return x.unknown(v.Name, pos, v.Type)
}

func (x *executor) assign(s *ir.Assign, st *state) {
	v := x.eval(s.X, st)
	if s.Field == "" {
		st.Env[s.Var] = x.name(s.Var, v, st)
		return
	}
	old := st.Env[s.Var]
	if old.dim3 != nil && v.t != nil && !v.t.IsBool() {
		if i := fieldIndex(s.Field); i >= 0 {
			d := *old.dim3
			d[i] = sym.Resize(v.t, 32, false)
			st.Env[s.Var] = value{dim3: &d}
			return
		}
	}
	if old.rec != nil && !strings.Contains(s.Field, ".") {
		rec := make(map[string]value, len(old.rec)+1)
		for k, f := range old.rec {
			rec[k] = f
		}
		rec[s.Field] = x.nameField(s.Var.Name+"."+s.Field, v)
		st.Env[s.Var] = value{rec: rec}
		return
	}
	st.Env[s.Var] = value{}
}

// nameField names a size not yet named after the field it is stored in
// (params.n_rows = x.size(0)): messages say which field the kernel's
// argument came from.
func (x *executor) nameField(name string, v value) value {
	if v.t == nil || v.t.IsBool() {
		return v
	}
	if base := stripResize(v.t); base.Op == sym.OpVar {
		if h := x.vars[base.Name]; h != nil && !h.named && h.kind == sizeVar {
			h.display, h.named = name, true
		}
	}
	return v
}

func fieldIndex(f string) int {
	switch f {
	case "x":
		return 0
	case "y":
		return 1
	case "z":
		return 2
	}
	return -1
}

// loop runs one iteration with the variables the loop assigns havocked:
// launches inside see some iteration; after the loop those variables are
// unknown. A do { ... } while (0), the statement form of launch macros,
// runs its body exactly once (once).
func (x *executor) loop(s *ir.Loop, st *state) *state {
	if v, ok := ir.ConstValue(s.Cond); ok && v == 0 && s.Kind == ir.DoWhileLoop {
		return x.once(s, st)
	}
	st = x.block(s.Init, st)
	if st == nil {
		return nil
	}
	for _, v := range ir.AssignedVars(s) {
		st.Env[v] = x.unknown(v.Name, s.P, v.Type)
	}
	x.cut["host loops havocked"]++
	entry := st
	if s.Cond != nil {
		if body := st.Assume(x.cond(s.Cond, st)); body != nil {
			st = body
		} else {
			return entry
		}
	}
	x.m.Body(s.Body, st.Clone())
	// After the loop: the havocked entry state (any number of iterations
	// ran); the body's effects on assigned variables are havocked already.
	return entry
}

// once runs the body of a loop whose condition is never true after its
// first iteration (a do-while(0)) on st itself: its launches see the
// values before it, its assignments stay known after it. A break or
// continue leaves it like falling through.
func (x *executor) once(s *ir.Loop, st *state) *state {
	end, t := x.m.Body(s.Body, st)
	return x.join(st, append(append([]*state{end}, t.Breaks...), t.Continues...))
}

// join merges states derived from base (interp.Join): the path
// condition becomes base ∧ (e1 ∨ e2 ∨ …) and values become ite chains
// over the extras.
func (x *executor) join(base *state, sts []*state) *state {
	return interp.Join[value, struct{}](x, base, sts...)
}

// mergeValue is ite(c, a, b) on values.
func mergeValue(c *sym.Term, a, b value) value {
	if v, ok := mergeOptional(c, a, b); ok {
		return v
	}
	switch {
	case a.t != nil && b.t != nil && a.t.Width == b.t.Width:
		return value{t: sym.Ite(c, a.t, b.t)}
	case a.ten != nil && a.ten == b.ten:
		return a
	case a.str != nil && a.str == b.str:
		return a
	case a.ptr != nil && b.ptr != nil && a.ptr.ten == b.ptr.ten && a.ptr.elem == b.ptr.elem && a.ptr.telem == b.ptr.telem:
		return value{ptr: &pointer{ten: a.ptr.ten, off: sym.Ite(c, a.ptr.off, b.ptr.off), elem: a.ptr.elem, telem: a.ptr.telem, view: a.ptr.view}}
	case a.dim3 != nil && b.dim3 != nil:
		var d [3]*sym.Term
		for i := range d {
			d[i] = sym.Ite(c, a.dim3[i], b.dim3[i])
		}
		return value{dim3: &d}
	}
	return value{}
}
