package ir

import "fmt"

// Inspect traverses n in source order, calling f on each node; if f returns
// false, Inspect does not descend into that node's children. It visits the
// statements and expressions of closures but not the bodies of called
// functions.
func Inspect(n Node, f func(Node) bool) {
	if n == nil || isNilNode(n) || !f(n) {
		return
	}
	for _, c := range Children(n) {
		Inspect(c, f)
	}
}

// InspectReachable is Inspect over f's body and, at each call, the body of
// the function called, transitively, each function once: what a kernel
// runs, with its device functions. A call to a function without a body
// (or one already visited) is visited as a node only.
func InspectReachable(f *Func, visit func(Node) bool) {
	seen := map[*Func]bool{}
	var walk func(*Func)
	walk = func(f *Func) {
		if f == nil || f.Body == nil || seen[f] {
			return
		}
		seen[f] = true
		Inspect(f.Body, func(n Node) bool {
			if !visit(n) {
				return false
			}
			if c, ok := n.(*Call); ok {
				walk(c.Fn)
			}
			return true
		})
	}
	walk(f)
}

func isNilNode(n Node) bool {
	switch n := n.(type) {
	case *Block:
		return n == nil
	case Expr:
		return n == nil
	}
	return false
}

// Children returns the direct sub-nodes of n in source order (nil parts
// omitted).
func Children(n Node) []Node {
	var out []Node
	add := func(ns ...Node) {
		for _, c := range ns {
			if c != nil && !isNilNode(c) {
				out = append(out, c)
			}
		}
	}
	addE := func(es ...Expr) {
		for _, e := range es {
			if e != nil {
				out = append(out, e)
			}
		}
	}
	switch n := n.(type) {
	case *Block:
		for _, s := range n.Stmts {
			add(s)
		}
	case *DeclStmt:
		addE(n.Init)
	case *Assign:
		addE(n.X)
	case *Store:
		addE(n.Ptr, n.Index, n.Val)
	case *ExprStmt:
		addE(n.X)
	case *If:
		addE(n.Cond)
		if n.Then != nil {
			add(n.Then)
		}
		if n.Else != nil {
			add(n.Else)
		}
	case *Loop:
		if n.Init != nil {
			add(n.Init)
		}
		addE(n.Cond)
		if n.Body != nil {
			add(n.Body)
		}
		if n.Post != nil {
			add(n.Post)
		}
	case *Switch:
		addE(n.Tag)
		for _, c := range n.Cases {
			add(c)
		}
	case *Case:
		addE(n.Values...)
		for _, s := range n.Body {
			add(s)
		}
	case *Return:
		addE(n.X)
	case *Assume:
		addE(n.Cond)
	case *Launch:
		addE(n.Grid, n.Block, n.Smem, n.Stream)
		addE(n.Args...)
	case *Break, *Continue, *UnknownStmt:
	case *Const, *FloatConst, *StringLit, *VarRef, *Builtin, *TemplateParamRef, *AddrOf, *Unknown, *FuncRef:
	case *Unary:
		addE(n.X)
	case *Binary:
		addE(n.X, n.Y)
	case *Convert:
		addE(n.X)
	case *Cond:
		addE(n.C, n.X, n.Y)
	case *Load:
		addE(n.Ptr, n.Index)
	case *PtrAdd:
		addE(n.Ptr, n.Off)
	case *PtrDiff:
		addE(n.X, n.Y)
	case *Field:
		addE(n.X)
	case *Dim3Lit:
		addE(n.X, n.Y, n.Z)
	case *InitList:
		addE(n.Elems...)
	case *Call:
		addE(n.Recv)
		if n.Closure != nil {
			addE(n.Closure)
		}
		addE(n.Args...)
	case *Closure:
		if n.Body != nil {
			add(n.Body)
		}
	case *Intrinsic:
		addE(n.Args...)
	case *Atomic:
		addE(n.Ptr, n.Index, n.Cmp, n.Val)
	case *Warp:
		addE(n.Mask, n.Val, n.Lane, n.Width)
	case *Sync:
		addE(n.Mask, n.Pred)
	default:
		panic(fmt.Sprintf("ir.Children: unexpected node %T", n))
	}
	return out
}

// StripConvert returns e without the conversions around it.
func StripConvert(e Expr) Expr {
	for {
		c, ok := e.(*Convert)
		if !ok {
			return e
		}
		e = c.X
	}
}

// AssignedVars returns the variables that assignments in n (an
// ir.Assign, whole or to a field) write, in order of first assignment.
func AssignedVars(n Node) []*Var {
	var out []*Var
	seen := map[*Var]bool{}
	Inspect(n, func(m Node) bool {
		if a, ok := m.(*Assign); ok && !seen[a.Var] {
			seen[a.Var] = true
			out = append(out, a.Var)
		}
		return true
	})
	return out
}
