package lower

import (
	"go/token"
	"regexp"
	"strings"

	"github.com/cudavet/cudavet/frontend/clang"
	"github.com/cudavet/cudavet/frontend/ir"
)

// call lowers a call. Effects that are statements in the IR (launches,
// assumptions, stores by intrinsics, barriers of cub collectives) go to
// fl.pre; the result is the call's value, or nil when a statement-context
// call has nothing left to evaluate.
func (fl *funcLowerer) call(c clang.Cursor, stmtCtx bool) ir.Expr {
	ch := c.Children()
	if len(ch) >= 2 && ch[1].Kind() == clang.Cursor_CallExpr && ch[1].Spelling() == "cudaConfigureCall" {
		fl.launch(c, ch[1])
		return nil
	}
	if lam := findLambda(ch); !lam.IsNull() {
		return &ir.Call{P: fl.pos(c), Closure: fl.closure(lam).(*ir.Closure), Args: fl.args(c, 0), T: fl.typeOf(c.Type())}
	}
	ref := c.Referenced()
	name := ref.Spelling()
	if ref.IsNull() {
		name = c.Spelling()
	}
	switch {
	case ref.Kind() == clang.Cursor_Constructor:
		return fl.construct(c, ref)
	case ref.Kind() == clang.Cursor_ConversionFunction:
		return convert(fl.receiver(c, ch), fl.typeOf(c.Type()), true)
	case name == "operator()" && isLambdaCall(ref):
		if cl := fl.lambdaBody(ref); cl != nil {
			return &ir.Call{P: fl.pos(c), Closure: cl, Args: fl.args(c, 1), T: fl.typeOf(c.Type())}
		}
		return fl.operatorCall(c, "()", stmtCtx)
	case strings.HasPrefix(name, "operator") && !ref.IsNull():
		return fl.operatorCall(c, strings.TrimSpace(strings.TrimPrefix(name, "operator")), stmtCtx)
	case ref.IsNull() && len(ch) > 0:
		// A call through an expression: a function pointer, or a template
		// parameter bound to a function (ACT_FN(x)).
		if fn := calleeFunction(ch[0]); !fn.IsNull() {
			ref, name = fn, fn.Spelling()
		} else if d := dependentTemplate(c); !d.IsNull() && fl.inGenericHost() {
			// launch<128, 2, input_t, weight_t>(params, stream) inside a
			// generic host template: the callee template's generic form.
			ref, name = d, d.Spelling()
		}
	}
	if name == "cudaLaunchKernelEx" && c.NumArguments() >= 2 {
		if e := fl.launchEx(c); e != nil {
			return e
		}
	}
	if (name == "cudaLaunchKernel" || name == "cudaLaunchCooperativeKernel") && c.NumArguments() >= 4 {
		if e := fl.launchArgv(c); e != nil {
			return e
		}
	}
	if (name == "Launch" || name == "LaunchEx") && ref.Kind() == clang.Cursor_CXXMethod && receiverType(ch) == cubinKernel {
		if e := fl.cubinLaunch(c, ch); e != nil {
			return e
		}
	}
	if e, handled := fl.intrinsic(c, ref, name, ch); handled {
		return e
	}
	call := &ir.Call{P: fl.pos(c), Name: name, T: fl.typeOf(c.Type())}
	if !ref.IsNull() {
		call.Name = qualifiedName(templateOf(ref))
		if f, ok := fl.l.specialization(ref); ok {
			call.Fn = f
		} else {
			call.TypeArgs = fl.explicitTypeArgs(ref)
			call.Link = fl.link(ref)
		}
	}
	call.Recv = fl.receiver(c, ch)
	call.Args = fl.args(c, 0)
	return call
}

// link returns the USR of a callee that another unit may define: a free
// function declared in an analysed file, without a definition here,
// called from host code (a .cpp binding calling the launcher of a .cu
// through their shared header). For a specialization of a function
// template (selective_scan_fwd_cuda<input_t, weight_t>(params, stream),
// instantiated explicitly in the .cu) it is the template's USR: the call
// links to the template's generic form. "" otherwise.
func (fl *funcLowerer) link(ref clang.Cursor) string {
	if fl.f.Kind != ir.Host || ref.Kind() != clang.Cursor_FunctionDecl {
		return ""
	}
	if t := ref.SpecializedCursorTemplate(); !t.IsNull() {
		ref = t
	}
	if !ref.Definition().IsNull() || !fl.l.analysed(ref) {
		return ""
	}
	return ref.USR()
}

// calleeFunction finds the function an expression callee denotes (through
// implicit casts and substituted template parameters), or a null cursor.
func calleeFunction(c clang.Cursor) clang.Cursor {
	c = stripParens(c)
	for c.Kind() == clang.Cursor_DeclRefExpr || c.Kind() == clang.Cursor_UnaryOperator {
		r := c.Referenced()
		switch r.Kind() {
		case clang.Cursor_FunctionDecl, clang.Cursor_CXXMethod:
			return r
		}
		ch := exprChildren(c)
		if len(ch) != 1 {
			break
		}
		c = stripParens(ch[0])
	}
	return clang.NewNullCursor()
}

func findLambda(ch []clang.Cursor) clang.Cursor {
	if len(ch) == 0 {
		return clang.NewNullCursor()
	}
	c := stripParens(ch[0])
	if c.Kind() == clang.Cursor_LambdaExpr {
		return c
	}
	return clang.NewNullCursor()
}

// args lowers the call's arguments from index from on.
func (fl *funcLowerer) args(c clang.Cursor, from int) []ir.Expr {
	n := int(c.NumArguments())
	var out []ir.Expr
	for i := from; i < n; i++ {
		a := c.Argument(uint32(i))
		if implicitArg(a) {
			continue
		}
		out = append(out, fl.rvalue(a))
	}
	return out
}

// implicitArg reports a defaulted argument (it has no tokens).
func implicitArg(a clang.Cursor) bool {
	r := a.Extent()
	return r.IsNull() || r.Start().Equal(r.End())
}

// receiver returns the object of a method call (nil for free functions).
func (fl *funcLowerer) receiver(c clang.Cursor, ch []clang.Cursor) ir.Expr {
	if len(ch) == 0 {
		return nil
	}
	m := stripParens(ch[0])
	if m.Kind() != clang.Cursor_MemberRefExpr {
		return nil
	}
	base := exprChildren(m)
	if len(base) != 1 {
		return nil
	}
	if isPointerType(base[0].Type()) {
		return &ir.Load{P: fl.pos(base[0]), Ptr: fl.rvalue(base[0]), Index: zero(fl.pos(c)), T: fl.typeOf(base[0].Type().PointeeType())}
	}
	return fl.rvalue(base[0])
}

// receiverType names the class of a method call's object.
func receiverType(ch []clang.Cursor) string {
	if len(ch) == 0 {
		return ""
	}
	m := stripParens(ch[0])
	if m.Kind() != clang.Cursor_MemberRefExpr {
		return ""
	}
	base := exprChildren(m)
	if len(base) != 1 {
		return ""
	}
	t := base[0].Type()
	if isPointerType(t) {
		t = t.PointeeType()
	}
	return recordName(t)
}

func (fl *funcLowerer) explicitTypeArgs(ref clang.Cursor) []ir.Type {
	n := int(ref.NumTemplateArguments())
	var out []ir.Type
	for i := 0; i < n; i++ {
		if ref.TemplateArgumentKind(uint32(i)) == clang.TemplateArgumentKind_Type {
			out = append(out, fl.typeOf(ref.TemplateArgumentType(uint32(i))))
		}
	}
	return out
}

// construct lowers a constructor call: dim3(x, y, z), conversions to the
// 16-bit float and vector types, copies, and other objects (host guards,
// cub storage) as calls.
func (fl *funcLowerer) construct(c, ref clang.Cursor) ir.Expr {
	t := fl.typeOf(c.Type())
	pos := fl.pos(c)
	args := fl.args(c, 0)
	switch t := t.(type) {
	case *ir.StructType:
		if t == ir.Dim3 || t.Name == "dim3" {
			return fl.dim3(pos, args)
		}
		if len(args) == 1 && ir.Identical(args[0].Type(), t) {
			return args[0]
		}
	case *ir.FloatType, *ir.VectorType:
		switch {
		case len(args) == 1:
			return convert(args[0], t, true)
		case len(args) > 1:
			return &ir.InitList{P: pos, Elems: args, T: t}
		}
	}
	if len(args) == 1 && ir.Identical(args[0].Type(), t) {
		return args[0]
	}
	return &ir.Call{P: pos, Name: qualifiedName(ref), Args: args, T: t}
}

func (fl *funcLowerer) dim3(pos token.Pos, args []ir.Expr) ir.Expr {
	if len(args) == 1 && ir.Identical(args[0].Type(), ir.Dim3) {
		return args[0]
	}
	d := &ir.Dim3Lit{P: pos}
	parts := []*ir.Expr{&d.X, &d.Y, &d.Z}
	for i, p := range parts {
		if i < len(args) {
			*p = convert(args[i], ir.Uint, false)
		} else {
			*p = ir.IntConst(pos, ir.Uint, 1)
		}
	}
	return d
}

// operatorCall lowers an overloaded operator (on __half, c10::Half, vector
// types ...): assignments become stores, arithmetic keeps C's shape on the
// operands' types.
func (fl *funcLowerer) operatorCall(c clang.Cursor, op string, stmtCtx bool) ir.Expr {
	n := int(c.NumArguments())
	pos := fl.pos(c)
	t := fl.typeOf(c.Type())
	var operands []clang.Cursor
	for i := 0; i < n; i++ {
		operands = append(operands, c.Argument(uint32(i)))
	}
	if len(operands) == 1 && !strings.HasPrefix(op, "()") {
		// A member operator: the object is the callee's base.
		if recv := receiverCursor(c); !recv.IsNull() {
			operands = append([]clang.Cursor{recv}, operands...)
		}
	}
	switch {
	case op == "=" && len(operands) == 2:
		fl.pre = append(fl.pre, fl.assignStmt(c, operands[0], fl.rvalue(operands[1])))
		if stmtCtx {
			return nil
		}
		return fl.reread(c, operands[0])
	case isCompoundOp(op) && len(operands) == 2:
		s, _, _ := fl.compound(c, operands[0], op[:len(op)-1], fl.rvalue(operands[1]))
		fl.pre = append(fl.pre, s)
		if stmtCtx {
			return nil
		}
		return fl.reread(c, operands[0])
	case (op == "++" || op == "--") && len(operands) >= 1:
		return fl.increment(c, operands[0], op[:1], len(operands) == 2)
	case len(operands) == 2:
		if _, ok := binOps[op]; ok {
			return fl.arith(op, fl.rvalue(operands[0]), fl.rvalue(operands[1]), pos, t)
		}
	case len(operands) == 1 && (op == "-" || op == "!" || op == "~"):
		x := fl.rvalue(operands[0])
		o := map[string]ir.UnOp{"-": ir.Neg, "!": ir.Not, "~": ir.BitNot}[op]
		return &ir.Unary{P: pos, Op: o, X: x, T: t}
	}
	args := make([]ir.Expr, len(operands))
	for i, o := range operands {
		args[i] = fl.rvalue(o)
	}
	return &ir.Call{P: pos, Name: "operator" + op, Args: args, T: t}
}

func isCompoundOp(op string) bool {
	switch op {
	case "+=", "-=", "*=", "/=", "%=", "<<=", ">>=", "&=", "|=", "^=":
		return true
	}
	return false
}

func (fl *funcLowerer) reread(c, lhs clang.Cursor) ir.Expr {
	if lv, ok := fl.lvalue(lhs); ok {
		return fl.load(lv, fl.pos(c))
	}
	return fl.unknown(c, fl.typeOf(c.Type()), "assignment result")
}

func receiverCursor(c clang.Cursor) clang.Cursor {
	for _, ch := range c.Children() {
		m := stripParens(ch)
		if m.Kind() == clang.Cursor_MemberRefExpr {
			if b := exprChildren(m); len(b) == 1 {
				return b[0]
			}
		}
	}
	return clang.NewNullCursor()
}

var atomicRE = regexp.MustCompile(`^atomic(Add|Sub|Exch|Min|Max|Inc|Dec|CAS|And|Or|Xor)(?:_(block|system))?$`)

var warpOps = map[string]struct {
	op   ir.WarpOp
	sync bool
}{
	"__shfl_sync": {ir.Shfl, true}, "__shfl_up_sync": {ir.ShflUp, true}, "__shfl_down_sync": {ir.ShflDown, true},
	"__shfl_xor_sync": {ir.ShflXor, true}, "__shfl": {ir.Shfl, false}, "__shfl_up": {ir.ShflUp, false},
	"__shfl_down": {ir.ShflDown, false}, "__shfl_xor": {ir.ShflXor, false},
	"__ballot_sync": {ir.Ballot, true}, "__any_sync": {ir.Any, true}, "__all_sync": {ir.All, true},
	"__ballot": {ir.Ballot, false}, "__any": {ir.Any, false}, "__all": {ir.All, false},
	"__activemask": {ir.ActiveMask, true}, "__match_any_sync": {ir.MatchAny, true},
	"__reduce_add_sync": {ir.WarpReduce, true}, "__reduce_min_sync": {ir.WarpReduce, true},
	"__reduce_max_sync": {ir.WarpReduce, true}, "__reduce_and_sync": {ir.WarpReduce, true},
	"__reduce_or_sync": {ir.WarpReduce, true}, "__reduce_xor_sync": {ir.WarpReduce, true},
}

// tileMethods are cooperative-groups tile collectives.
var tileMethods = map[string]ir.WarpOp{
	"shfl": ir.Shfl, "shfl_up": ir.ShflUp, "shfl_down": ir.ShflDown, "shfl_xor": ir.ShflXor,
	"ballot": ir.Ballot, "any": ir.Any, "all": ir.All, "match_any": ir.MatchAny,
}

// noReturn are the library functions that do not return to their caller.
var noReturn = map[string]bool{
	"abort": true, "exit": true, "_Exit": true, "quick_exit": true, "terminate": true,
	"__builtin_unreachable": true, "__builtin_trap": true, "__trap": true,
}

var ldFuncs = map[string]bool{"__ldg": true, "__ldcg": true, "__ldca": true, "__ldcs": true, "__ldlu": true, "__ldcv": true}
var stFuncs = map[string]bool{"__stcg": true, "__stcs": true, "__stwb": true, "__stwt": true}

// intrinsic lowers calls to CUDA builtins and shim functions. handled is
// false for calls it does not recognise (ordinary calls).
func (fl *funcLowerer) intrinsic(c, ref clang.Cursor, name string, ch []clang.Cursor) (ir.Expr, bool) {
	if ir.ByteOp(name) != "" && c.NumArguments() == 3 && fl.receiver(c, ch) == nil {
		// memcpy, memset and clang's builtins of them (declared nowhere
		// a file can see): the checkers read their bytes.
		return &ir.Intrinsic{P: fl.pos(c), Name: name, Args: fl.args(c, 0), T: fl.typeOf(c.Type())}, true
	}
	if !ref.IsNull() && !fl.l.external(ref) && !isStdMinMax(ref) {
		return nil, false
	}
	pos := fl.pos(c)
	t := fl.typeOf(c.Type())
	if noReturn[name] && fl.receiver(c, ch) == nil {
		// abort(), exit(1) in a launcher's error branch end the path as a
		// throw does; __trap() ends a kernel's thread.
		fl.pre = append(fl.pre, pathEnd(pos))
		return nil, true
	}
	if e, ok := fl.syncCall(c, ref, name, ch); ok {
		return e, true
	}
	if m := atomicRE.FindStringSubmatch(name); m != nil {
		return fl.atomic(c, m[1], m[2]), true
	}
	if w, ok := warpOps[name]; ok {
		return fl.warp(c, w.op, w.sync, true), true
	}
	if op, ok := tileMethods[name]; ok && isTile(receiverType(ch)) {
		return fl.tileWarp(c, op, ch), true
	}
	switch {
	case ldFuncs[name]:
		args := fl.args(c, 0)
		if len(args) == 1 {
			p, idx := splitAddr(args[0])
			return &ir.Load{P: pos, Ptr: p, Index: idx, T: t}, true
		}
	case stFuncs[name]:
		args := fl.args(c, 0)
		if len(args) == 2 {
			p, idx := splitAddr(args[0])
			fl.pre = append(fl.pre, &ir.Store{P: pos, Ptr: p, Index: idx, Val: convert(args[1], ir.Elem(p.Type()), false)})
			return nil, true
		}
	case name == "__cudavet_assume" || name == "__builtin_assume":
		args := fl.args(c, 0)
		if len(args) == 1 {
			kind := ir.AssumeCheck
			if name == "__builtin_assume" {
				kind = ir.AssumeBuiltin
			}
			fl.pre = append(fl.pre, &ir.Assume{P: pos, Cond: args[0], Kind: kind})
			return nil, true
		}
	case isStdMinMax(ref):
		return &ir.Intrinsic{P: pos, Name: ref.Spelling(), Args: fl.args(c, 0), T: t}, true
	}
	if recv := fl.receiver(c, ch); recv != nil || ref.IsNull() || funcKind(ref) == ir.Host {
		return nil, false // methods and host API calls are ordinary calls
	}
	if strings.HasPrefix(qualifiedName(ref), "cub::") {
		return nil, false
	}
	return &ir.Intrinsic{P: pos, Name: name, Args: fl.args(c, 0), T: t}, true
}

func isStdMinMax(ref clang.Cursor) bool {
	switch qualifiedName(templateOf(ref)) {
	case "std::min", "std::max":
		return true
	}
	return false
}

func isTile(class string) bool {
	return strings.Contains(class, "thread_block_tile") || strings.Contains(class, "coalesced_group") ||
		strings.Contains(class, "tiled_partition")
}

// splitAddr splits a pointer value into (base, element index).
func splitAddr(p ir.Expr) (ir.Expr, ir.Expr) {
	if pa, ok := p.(*ir.PtrAdd); ok {
		return pa.Ptr, pa.Off
	}
	return p, zero(p.Pos())
}

func (fl *funcLowerer) atomic(c clang.Cursor, op, scope string) ir.Expr {
	args := fl.args(c, 0)
	a := &ir.Atomic{P: fl.pos(c), Op: op, Scope: scope, T: fl.typeOf(c.Type())}
	if len(args) == 0 {
		return fl.unknown(c, a.T, "atomic without address")
	}
	a.Ptr, a.Index = splitAddr(args[0])
	switch {
	case op == "CAS" && len(args) == 3:
		a.Cmp, a.Val = args[1], args[2]
	case len(args) >= 2:
		a.Val = args[1]
	}
	return a
}

func (fl *funcLowerer) warp(c clang.Cursor, op ir.WarpOp, sync, hasMask bool) ir.Expr {
	args := fl.args(c, 0)
	w := &ir.Warp{P: fl.pos(c), Op: op, Sync: sync, T: fl.typeOf(c.Type())}
	if sync && op != ir.ActiveMask && len(args) > 0 {
		w.Mask, args = args[0], args[1:]
	}
	for i, a := range args {
		switch i {
		case 0:
			w.Val = a
		case 1:
			w.Lane = a
		case 2:
			w.Width = a
		}
	}
	return w
}

func (fl *funcLowerer) tileWarp(c clang.Cursor, op ir.WarpOp, ch []clang.Cursor) ir.Expr {
	args := fl.args(c, 0)
	w := &ir.Warp{P: fl.pos(c), Op: op, Sync: true, T: fl.typeOf(c.Type())}
	if len(args) > 0 {
		w.Val = args[0]
	}
	if len(args) > 1 {
		w.Lane = args[1]
	}
	return w
}

// syncCall recognises barriers: __syncthreads and its reducing forms,
// __syncwarp, cooperative-groups sync, and cub block collectives (which
// synchronise the block internally).
func (fl *funcLowerer) syncCall(c, ref clang.Cursor, name string, ch []clang.Cursor) (ir.Expr, bool) {
	pos := fl.pos(c)
	switch name {
	case "__syncthreads", "__barrier_sync", "__syncthreads_or", "__syncthreads_and", "__syncthreads_count":
		s := &ir.Sync{P: pos, Kind: ir.SyncBlock, Name: name}
		if strings.HasPrefix(name, "__syncthreads_") {
			s.Reduce = strings.TrimPrefix(name, "__syncthreads_")
			if args := fl.args(c, 0); len(args) == 1 {
				s.Pred = args[0]
			}
		}
		return s, true
	case "__syncwarp":
		s := &ir.Sync{P: pos, Kind: ir.SyncWarp, Name: name}
		if args := fl.args(c, 0); len(args) == 1 {
			s.Mask = args[0]
		}
		return s, true
	case "sync":
		class := receiverType(ch)
		if class == "" && c.NumArguments() == 1 { // cooperative_groups::sync(g)
			class = recordName(c.Argument(0).Type())
		}
		if !strings.Contains(class, "cooperative_groups") && !strings.HasPrefix(class, "cg::") {
			return nil, false
		}
		kind := ir.SyncBlock
		switch {
		case strings.Contains(class, "grid_group"):
			kind = ir.SyncGrid
		case isTile(class):
			kind = ir.SyncTile
		}
		return &ir.Sync{P: pos, Kind: kind, Name: strings.TrimPrefix(class, "cooperative_groups::") + ".sync"}, true
	}
	if q := qualifiedName(templateOf(ref)); strings.HasPrefix(q, "cub::Block") {
		// The collective's barrier, then the collective as an ordinary call;
		// a reduction's or scan's shared-memory traffic around its barrier.
		before, after := fl.cubTraffic(c, ch, q)
		fl.pre = append(fl.pre, before...)
		fl.pre = append(fl.pre, &ir.ExprStmt{P: pos, X: &ir.Sync{P: pos, Kind: ir.SyncBlock, Name: q}})
		fl.pre = append(fl.pre, after...)
		return nil, false
	}
	return nil, false
}

// isLambdaCall reports whether method m is the call operator of a lambda's
// closure type (a generic lambda's: one of its specialisations).
func isLambdaCall(m clang.Cursor) bool {
	if m.IsNull() || m.Kind() != clang.Cursor_CXXMethod {
		return false
	}
	return strings.HasPrefix(m.SemanticParent().Type().Spelling(), "(lambda at ")
}

// lambdaDef is a lambda call operator lowered: its definition cursor
// (a generic lambda's specialisations share a location) and its closure.
type lambdaDef struct {
	def clang.Cursor
	cl  *ir.Closure
}

// lambdaBody lowers the body of a lambda's call operator as called here:
// for a generic lambda the specialisation the call selects, whose
// parameter and variable types are those of the call (the LambdaExpr
// holds only the dependent pattern). The body names the enclosing
// function's variables directly, as a closure's does, so only a lambda
// made in the function being lowered is lowered here; nil for another
// (a lambda handed to a helper: the helper calls the closure value it
// was given) or an operator not defined here. Each specialisation is
// lowered once per function.
func (fl *funcLowerer) lambdaBody(m clang.Cursor) *ir.Closure {
	def := m.Definition()
	if def.IsNull() || !fl.encloses(m.SemanticParent()) {
		return nil
	}
	h := def.HashCursor()
	for _, d := range fl.lambdas[h] {
		if d.def.Equal(def) {
			return d.cl
		}
	}
	if fl.lambdas == nil {
		fl.lambdas = map[uint32][]lambdaDef{}
	}
	cl := &ir.Closure{P: fl.pos(def), T: &ir.StructType{Name: "lambda", Bytes: -1}}
	fl.lambdas[h] = append(fl.lambdas[h], lambdaDef{def, cl}) // a lambda calling itself lowers once
	fl.fillClosure(cl, def)
	return cl
}

// encloses reports whether the closure class c is declared inside the
// function being lowered (directly, or inside a lambda declared there).
func (fl *funcLowerer) encloses(c clang.Cursor) bool {
	if fl.def.IsNull() {
		return false
	}
	for p, i := c.SemanticParent(), 0; !p.IsNull() && i < 16; p, i = p.SemanticParent(), i+1 {
		switch p.Kind() {
		case clang.Cursor_TranslationUnit, clang.Cursor_Namespace:
			return false
		}
		if p.Equal(fl.def) {
			return true
		}
	}
	return false
}
