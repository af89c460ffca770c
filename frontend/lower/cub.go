package lower

import (
	"go/token"
	"strconv"
	"strings"

	"github.com/cudavet/cudavet/frontend/clang"
	"github.com/cudavet/cudavet/frontend/ir"
)

// cubCollective is a cub block collective whose temp-storage traffic the
// lowering writes out: which methods, the lane of each warp that stores
// the warp's aggregate before the barrier, and who reads the slots after
// it.
type cubCollective struct {
	methods map[string]bool
	lane    int64 // the lane of each warp that stores its aggregate
	all     bool  // every thread reads every slot; else thread 0 the others
}

// cubCollectives are the modelled collectives, by class.
var cubCollectives = map[string]cubCollective{
	// BLOCK_REDUCE_WARP_REDUCTIONS: lane 0 stores, thread 0 combines.
	"cub::BlockReduce": {methods: map[string]bool{"Sum": true, "Reduce": true}, lane: 0},
	// BLOCK_SCAN_WARP_SCANS: the last lane stores its warp's total, and
	// every thread reads all totals (its warp's prefix, the block's
	// aggregate).
	"cub::BlockScan": {methods: map[string]bool{"InclusiveSum": true, "ExclusiveSum": true,
		"InclusiveScan": true, "ExclusiveScan": true}, lane: 31, all: true},
}

// cubTraffic models the shared-memory traffic of a block reduction or
// scan, cub::BlockReduce<T, BLOCK_DIM_X>(temp).Sum(...) or
// cub::BlockScan<T, BLOCK_DIM_X>(temp).ExclusiveSum(...), around the
// collective's barrier: before it, one lane of every warp stores its
// warp's aggregate to temp's slot warp; after it, thread 0 (a reduction)
// or every thread (a scan) reads the slots (CUB's warp-reduction and
// warp-scan algorithms; the raking ones store more slots and read them
// from more threads, so these accesses are among theirs). The statements
// carry the call's position.
//
// Without them the collective is a barrier and an opaque call, and a
// reuse of the temp storage with no barrier after the collective — CUB
// requires one — is invisible: the next collective's warp leaders
// overwrite the aggregates other threads are still reading (a reduction
// in a loop over chunks, two reductions back to back).
//
// nil, nil when the call is not such a collective or its parts are not
// known: a block of more than one dimension, one warp, a partial last
// warp for a scan, a temp storage that is not a named lvalue.
func (fl *funcLowerer) cubTraffic(c clang.Cursor, ch []clang.Cursor, q string) (before, after []ir.Stmt) {
	cut := strings.LastIndex(q, "::")
	coll, ok := cubCollectives[q[:cut]]
	if !ok || !coll.methods[q[cut+2:]] || len(ch) == 0 {
		return nil, nil
	}
	class := q[:cut]
	m := stripParens(ch[0])
	if m.Kind() != clang.Cursor_MemberRefExpr {
		return nil, nil
	}
	// The object, then any explicit template arguments (.template Sum<V>).
	base := exprChildren(m)
	if len(base) == 0 || isPointerType(base[0].Type()) {
		return nil, nil
	}
	// libclang 15 gives no template arguments of a class specialisation's
	// cursor, and a type's only as types: the values are read from the
	// canonical spelling, BlockReduce<T, 256, ALGORITHM, 1, 1, 0>.
	cls := base[0].Type().CanonicalType()
	args := templateArgSpellings(cls.Spelling())
	if len(args) < 2 || cls.NumTemplateArguments() < 1 {
		return nil, nil
	}
	dims := []int64{0, 1, 1} // BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z: arguments 1, 3, 4
	for i, at := range []int{1, 3, 4} {
		if at >= len(args) {
			break
		}
		v, err := strconv.ParseInt(strings.TrimRight(args[at], "uUlL"), 10, 64)
		if err != nil {
			return nil, nil
		}
		dims[i] = v
	}
	if dims[1] != 1 || dims[2] != 1 {
		return nil, nil
	}
	warps := (dims[0] + 31) / 32
	if warps < 2 || warps > 32 || (coll.lane != 0 && dims[0]%32 != 0) {
		return nil, nil
	}
	elem := fl.typeOf(cls.TemplateArgumentAsType(0))
	storage, ok := cubStorageArg(base[0])
	if !ok {
		return nil, nil
	}
	pos := fl.pos(c)
	addr := fl.storageAddr(storage, pos)
	if addr == nil {
		return nil, nil
	}
	pt := &ir.PointerType{Elem: elem}
	// The slots are named as CUB's temp storage names them, so a finding
	// reads "store to cub::BlockReduce.warp_aggregates[threadIdx.x / 32]".
	sv := &ir.Var{Name: class + ".warp_aggregates", Type: pt, Kind: ir.LocalVar, P: pos, Model: q}
	slots := &ir.VarRef{P: pos, Var: sv}
	tid := &ir.Builtin{P: pos, Kind: ir.ThreadIdx, Dim: 0}
	u := func(v int64) ir.Expr { return ir.IntConst(pos, ir.Uint, v) }
	bin := func(op ir.BinOp, x, y ir.Expr, t ir.Type) ir.Expr {
		return &ir.Binary{P: pos, Op: op, X: x, Y: y, T: t}
	}
	block := func(s ...ir.Stmt) *ir.Block { return &ir.Block{P: pos, EndPos: pos, Stmts: s} }

	agg := &ir.Unknown{P: pos, Reason: "aggregate of " + q, T: elem}
	before = []ir.Stmt{&ir.DeclStmt{P: pos, Var: sv, Init: &ir.Convert{P: pos, X: addr, T: pt}}, &ir.If{P: pos, Cond: bin(ir.Eq, bin(ir.Rem, tid, u(32), ir.Uint), u(coll.lane), ir.Bool),
		Then: block(&ir.Store{P: pos, Ptr: slots, Index: bin(ir.Div, tid, u(32), ir.Uint), Val: agg})}}

	first := int64(1) // thread 0 reads the other warps' slots
	if coll.all {
		first = 0
	}
	w := &ir.Var{Name: "warp", Type: ir.Int, Kind: ir.LocalVar, P: pos}
	wr := func() ir.Expr { return &ir.VarRef{P: pos, Var: w} }
	loop := &ir.Loop{P: pos, Kind: ir.ForLoop,
		Init: block(&ir.DeclStmt{P: pos, Var: w, Init: ir.IntConst(pos, ir.Int, first)}),
		Cond: bin(ir.Lt, wr(), ir.IntConst(pos, ir.Int, warps), ir.Bool),
		Post: block(&ir.Assign{P: pos, Var: w, X: bin(ir.Add, wr(), ir.IntConst(pos, ir.Int, 1), ir.Int)}),
		Body: block(&ir.ExprStmt{P: pos, X: &ir.Load{P: pos, Ptr: slots, Index: wr(), T: elem}})}
	if coll.all {
		return before, []ir.Stmt{loop}
	}
	return before, []ir.Stmt{&ir.If{P: pos, Cond: bin(ir.Eq, tid, u(0), ir.Bool), Then: block(loop)}}
}

// cubStorageArg returns the temp-storage argument of the collective
// object x: the constructor argument of a temporary (BlockReduce(temp),
// BlockReduce<T, N>(temp.reduce)) or of a local object's initialiser
// (BlockReduce br(temp); br.Sum(v)). false when x is neither.
func cubStorageArg(x clang.Cursor) (clang.Cursor, bool) {
	for depth := 0; depth < 8; depth++ {
		// Parentheses, implicit conversions, a functional cast
		// BlockReduce<T, N, ALG>(temp).
		x = stripCasts(x)
		switch x.Kind() {
		case clang.Cursor_DeclRefExpr:
			init, ok := varInit(x.Referenced())
			if !ok {
				return x, false
			}
			x = init
		case clang.Cursor_CallExpr:
			if x.Referenced().Kind() != clang.Cursor_Constructor || x.NumArguments() != 1 {
				return x, false
			}
			return x.Argument(0), true
		default:
			return x, false
		}
	}
	return x, false
}

// varInit returns the initialiser of the variable declaration d.
func varInit(d clang.Cursor) (clang.Cursor, bool) {
	if d.Kind() != clang.Cursor_VarDecl {
		return d, false
	}
	ch := d.Children()
	for i := len(ch) - 1; i >= 0; i-- {
		if ch[i].Kind().IsExpression() {
			return ch[i], true
		}
	}
	return d, false
}

// storageAddr is the address of the lvalue x (a __shared__ TempStorage, a
// field of a struct or union holding one, an element of an array of them,
// a local reference bound to one or to a cast of dynamic shared memory),
// nil when not resolved.
func (fl *funcLowerer) storageAddr(x clang.Cursor, pos token.Pos) ir.Expr {
	var bytes int64 // offset of the fields x selects
	for depth := 0; depth < 16; depth++ {
		x = stripCasts(x)
		switch x.Kind() {
		case clang.Cursor_MemberRefExpr:
			f := x.Referenced()
			ch := exprChildren(x)
			if f.Kind() != clang.Cursor_FieldDecl || len(ch) != 1 || isPointerType(ch[0].Type()) {
				return nil
			}
			bits := f.OffsetOfField()
			if bits < 0 || bits%8 != 0 {
				return nil
			}
			bytes += bits / 8
			x = ch[0]
			continue
		case clang.Cursor_DeclRefExpr:
			// A local reference: the lvalue it was bound to.
			if d := x.Referenced(); d.Type().CanonicalType().Kind() == clang.Type_LValueReference {
				if init, ok := varInit(d); ok {
					x = init
					continue
				}
			}
		}
		break
	}
	lv, ok := fl.lvalue(x)
	var addr ir.Expr
	switch {
	case !ok || lv.field != "":
		return nil
	case lv.v != nil:
		if _, isArr := lv.v.Type.(*ir.ArrayType); !isArr || !isMemoryVar(lv.v) {
			return nil
		}
		addr = &ir.VarRef{P: pos, Var: lv.v}
	case recovered(lv.ptr):
		return nil
	default:
		pt := lv.ptr.Type()
		if at, isArr := pt.(*ir.ArrayType); isArr {
			pt = &ir.PointerType{Elem: at.Elem}
		}
		addr = &ir.PtrAdd{P: pos, Ptr: lv.ptr, Off: lv.index, T: pt}
	}
	if bytes == 0 {
		return addr
	}
	u8 := &ir.PointerType{Elem: &ir.IntType{Bits: 8, Signed: false, Name: "unsigned char"}}
	return &ir.PtrAdd{P: pos, Ptr: &ir.Convert{P: pos, X: addr, T: u8}, Off: ir.IntConst(pos, ir.Int64, bytes), T: u8}
}

// templateArgSpellings splits the template arguments of a class type's
// spelling, "N<A, B<C, D>, 3>" -> ["A", "B<C, D>", "3"], at the commas
// outside nested brackets; nil when the spelling has none.
func templateArgSpellings(spelling string) []string {
	open := strings.IndexByte(spelling, '<')
	if open < 0 || !strings.HasSuffix(spelling, ">") {
		return nil
	}
	var out []string
	depth, start := 0, open+1
	for i := open + 1; i < len(spelling)-1; i++ {
		switch spelling[i] {
		case '<', '(', '[', '{':
			depth++
		case '>', ')', ']', '}':
			depth--
		case ',':
			if depth == 0 {
				out = append(out, strings.TrimSpace(spelling[start:i]))
				start = i + 1
			}
		}
	}
	return append(out, strings.TrimSpace(spelling[start:len(spelling)-1]))
}
