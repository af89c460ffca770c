package divergence

import (
	"go/token"

	"github.com/cudavet/cudavet/frontend/ir"
)

// bld builds small IR functions for the tests; every node gets a fresh
// position so that positions identify nodes.
type bld struct{ n int }

func (b *bld) p() token.Pos { b.n++; return token.Pos(b.n) }

func (b *bld) fn(name string, kind ir.FuncKind, params []*ir.Var, body ...ir.Stmt) *ir.Func {
	for i, v := range params {
		v.Index = i
	}
	return &ir.Func{Name: name, Base: name, Kind: kind, P: b.p(), Params: params, Result: ir.Void, Body: b.block(body...)}
}

func (b *bld) block(ss ...ir.Stmt) *ir.Block { return &ir.Block{P: b.p(), Stmts: ss} }

func (b *bld) local(name string, t ir.Type) *ir.Var {
	return &ir.Var{Name: name, Type: t, Kind: ir.LocalVar, P: b.p()}
}

func (b *bld) param(name string, t ir.Type) *ir.Var {
	return &ir.Var{Name: name, Type: t, Kind: ir.ParamVar, P: b.p()}
}

func (b *bld) shared(name string, t ir.Type) *ir.Var {
	return &ir.Var{Name: name, Type: t, Kind: ir.SharedVar, P: b.p()}
}

func (b *bld) tid() ir.Expr { return &ir.Builtin{P: b.p(), Kind: ir.ThreadIdx} }
func (b *bld) tidy() ir.Expr {
	return &ir.Builtin{P: b.p(), Kind: ir.ThreadIdx, Dim: 1}
}
func (b *bld) bid() ir.Expr  { return &ir.Builtin{P: b.p(), Kind: ir.BlockIdx} }
func (b *bld) bdim() ir.Expr { return &ir.Builtin{P: b.p(), Kind: ir.BlockDim} }
func (b *bld) c(v int64) ir.Expr {
	return &ir.Const{P: b.p(), T: ir.Int, Val: v}
}
func (b *bld) ref(v *ir.Var) ir.Expr { return &ir.VarRef{P: b.p(), Var: v} }

func (b *bld) bin(op ir.BinOp, x, y ir.Expr) ir.Expr {
	t := x.Type()
	if op.IsComparison() || op == ir.LAnd || op == ir.LOr {
		t = ir.Bool
	}
	return &ir.Binary{P: b.p(), Op: op, X: x, Y: y, T: t}
}

func (b *bld) conv(x ir.Expr, t ir.Type) ir.Expr {
	return &ir.Convert{P: b.p(), X: x, T: t, Implicit: true}
}

func (b *bld) load(ptr, idx ir.Expr) ir.Expr {
	return &ir.Load{P: b.p(), Ptr: ptr, Index: idx, T: ir.Elem(ptr.Type())}
}

func (b *bld) decl(v *ir.Var, init ir.Expr) ir.Stmt {
	return &ir.DeclStmt{P: b.p(), Var: v, Init: init}
}
func (b *bld) set(v *ir.Var, x ir.Expr) ir.Stmt { return &ir.Assign{P: b.p(), Var: v, X: x} }
func (b *bld) store(ptr, idx, val ir.Expr) ir.Stmt {
	return &ir.Store{P: b.p(), Ptr: ptr, Index: idx, Val: val}
}

func (b *bld) iff(cond ir.Expr, then ...ir.Stmt) *ir.If {
	return &ir.If{P: b.p(), Cond: cond, Then: b.block(then...)}
}

func (b *bld) ifElse(cond ir.Expr, then, els []ir.Stmt) *ir.If {
	s := b.iff(cond, then...)
	s.Else = b.block(els...)
	return s
}

func (b *bld) loop(init ir.Stmt, cond ir.Expr, post ir.Stmt, body ...ir.Stmt) *ir.Loop {
	l := &ir.Loop{P: b.p(), Kind: ir.ForLoop, Cond: cond, Body: b.block(body...)}
	if init != nil {
		l.Init = b.block(init)
	}
	if post != nil {
		l.Post = b.block(post)
	}
	return l
}

func (b *bld) while(cond ir.Expr, body ...ir.Stmt) *ir.Loop {
	return &ir.Loop{P: b.p(), Kind: ir.WhileLoop, Cond: cond, Body: b.block(body...)}
}

func (b *bld) syncE() *ir.Sync        { return &ir.Sync{P: b.p(), Kind: ir.SyncBlock, Name: "__syncthreads"} }
func (b *bld) sync() ir.Stmt          { return b.expr(b.syncE()) }
func (b *bld) expr(x ir.Expr) ir.Stmt { return &ir.ExprStmt{P: b.p(), X: x} }
func (b *bld) ret(x ir.Expr) ir.Stmt  { return &ir.Return{P: b.p(), X: x} }
func (b *bld) brk() ir.Stmt           { return &ir.Break{P: b.p()} }
func (b *bld) cont() ir.Stmt          { return &ir.Continue{P: b.p()} }
func (b *bld) call(f *ir.Func, args ...ir.Expr) *ir.Call {
	return &ir.Call{P: b.p(), Fn: f, Name: f.Name, Args: args, T: f.Result}
}

func (b *bld) warp(op ir.WarpOp, val, lane ir.Expr) ir.Expr {
	return &ir.Warp{P: b.p(), Op: op, Mask: &ir.Const{P: b.p(), T: ir.Uint, Val: 0xffffffff}, Val: val, Lane: lane, Sync: true, T: ir.Int}
}

var floatPtr = &ir.PointerType{Elem: ir.Float, Space: ir.Global}
