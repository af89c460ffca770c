package ir

import (
	"errors"
	"fmt"
	"go/token"
)

// Verify checks the invariants documented on the IR nodes of f and returns
// every violation joined into one error (nil if f is well formed):
// positions are valid, arithmetic Binary operands have the result's type,
// Load and Store go through pointer- or array-typed values, and Assign
// writes a value of the variable's type.
func Verify(f *Func) error {
	var errs []error
	bad := func(n Node, format string, args ...any) {
		errs = append(errs, fmt.Errorf("%s: %T at %d: %s", f.Name, n, n.Pos(), fmt.Sprintf(format, args...)))
	}
	if f.Body == nil {
		return nil
	}
	Inspect(f.Body, func(n Node) bool {
		if n.Pos() == token.NoPos {
			bad(n, "no position")
		}
		switch n := n.(type) {
		case *Binary:
			verifyBinary(n, bad)
		case *Load:
			if !Addressable(n.Ptr.Type()) {
				bad(n, "load through %s", n.Ptr.Type())
			}
		case *Store:
			if !Addressable(n.Ptr.Type()) {
				bad(n, "store through %s", n.Ptr.Type())
			}
		case *PtrAdd:
			if !Addressable(n.Ptr.Type()) {
				bad(n, "pointer arithmetic on %s", n.Ptr.Type())
			}
		case *Assign:
			if n.Field == "" && !n.Var.Ref && !assignable(n.Var.Type, n.X.Type()) {
				bad(n, "assign %s to %s %s", n.X.Type(), n.Var.Name, n.Var.Type)
			}
		}
		return true
	})
	return errors.Join(errs...)
}

func verifyBinary(n *Binary, bad func(Node, string, ...any)) {
	xt, yt := n.X.Type(), n.Y.Type()
	if IsUnknown(xt) || IsUnknown(yt) || IsUnknown(n.T) {
		return
	}
	switch {
	case n.Op == LAnd || n.Op == LOr:
	case n.Op == Shl || n.Op == Shr:
		if IsInteger(n.T) && !Identical(xt, n.T) {
			bad(n, "shift of %s has type %s", xt, n.T)
		}
	case n.Op.IsComparison():
		if IsInteger(xt) && !Identical(xt, yt) {
			bad(n, "comparison of %s and %s", xt, yt)
		}
	default:
		if IsInteger(n.T) && (!Identical(xt, n.T) || !Identical(yt, n.T)) {
			bad(n, "%s of %s and %s has type %s", n.Op, xt, yt, n.T)
		}
	}
}

// Addressable reports whether a value of type t can be loaded or stored
// through: a pointer, an array, or a type the front end does not know
// (unknown, a template parameter).
func Addressable(t Type) bool {
	switch t.(type) {
	case *PointerType, *ArrayType, *UnknownType, *TypeParam:
		return true
	}
	return false
}

func assignable(dst, src Type) bool {
	if IsUnknown(dst) || IsUnknown(src) {
		return true
	}
	if IsInteger(dst) || IsInteger(src) {
		return Identical(dst, src)
	}
	return true
}
