package z3

/*
#cgo LDFLAGS: -lz3
#include <stdlib.h>
#include <z3.h>
*/
import "C"

import (
	"errors"
	"fmt"
	"unsafe"
)

// Context is a Z3 context made with Z3_mk_context_rc. It holds one
// reference to every AST it has returned (the arena), so ASTs stay valid
// until Release or Close drops them all; the translation memo of Term lives
// in the arena too. Z3 reports errors through error codes (the error
// handler is NULL, so Z3 never aborts the process): the first failure is
// kept and returned by Err, and constructors return the invalid AST while
// it is set. A Context is not safe for concurrent use, except Interrupt.
type Context struct {
	ctx   C.Z3_context
	refs  []C.Z3_ast        // the arena: one reference each
	sorts map[int]C.Z3_sort // bit-vector sorts by width, 0 for Bool; in the arena
	err   error             // the first failure since the last Release
	isort C.Z3_sort         // the integer sort, or nil; in the arena

	memo   map[string]AST // Term's translations by sym Key
	widths map[string]int // the width of each variable in memo
}

// errInvalid is the failure of a constructor given an invalid AST or an
// AST of another context.
var errInvalid = errors.New("z3: invalid or foreign AST argument")

// newContext makes a reference-counted context with model generation on.
func newContext() (*Context, error) {
	cfg := C.Z3_mk_config()
	if cfg == nil {
		return nil, errors.New("z3: cannot make a configuration")
	}
	defer C.Z3_del_config(cfg)
	ctx := C.Z3_mk_context_rc(cfg)
	if ctx == nil {
		return nil, errors.New("z3: cannot make a context")
	}
	C.Z3_set_error_handler(ctx, nil)
	c := &Context{ctx: ctx}
	c.clear()
	return c, nil
}

func (c *Context) clear() {
	c.refs = c.refs[:0]
	c.sorts = map[int]C.Z3_sort{}
	c.isort = nil
	c.memo = map[string]AST{}
	c.widths = map[string]int{}
	c.err = nil
}

// Err returns the first failure since the last Release, or nil.
func (c *Context) Err() error { return c.err }

// Live returns how many ASTs the arena holds.
func (c *Context) Live() int { return len(c.refs) }

// Release drops every AST the context has returned (they become invalid),
// empties Term's memo and clears Err.
func (c *Context) Release() {
	for _, a := range c.refs {
		C.Z3_dec_ref(c.ctx, a)
	}
	c.clear()
}

// Close releases every AST and deletes the Z3 context. It is idempotent.
func (c *Context) Close() {
	if c.ctx == nil {
		return
	}
	c.Release()
	C.Z3_del_context(c.ctx)
	c.ctx = nil
}

// Interrupt asks a running check in this context to stop (it then returns
// Unknown). It may be called from any goroutine while the context is open.
// An interrupt that lands when no check runs stays pending in Z3 and fails
// the next push; Solver.Check undoes it.
func (c *Context) Interrupt() { C.Z3_interrupt(c.ctx) }

// check records Z3's error code after a call, and reports whether the call
// succeeded.
func (c *Context) check() bool {
	err := c.lastError()
	c.fail(err)
	return err == nil
}

// lastError returns the error code of the latest call as an error, or nil.
func (c *Context) lastError() error {
	code := C.Z3_get_error_code(c.ctx)
	if code == C.Z3_OK {
		return nil
	}
	return fmt.Errorf("z3: %s (error code %d)", C.GoString(C.Z3_get_error_msg(c.ctx, code)), int(code))
}

func (c *Context) fail(err error) {
	if c.err == nil && err != nil {
		c.err = err
	}
}

// keep checks the call that made a, references a and puts it in the arena.
func (c *Context) keep(a C.Z3_ast) AST {
	if !c.check() {
		return AST{}
	}
	if a == nil {
		c.fail(errors.New("z3: a constructor returned NULL"))
		return AST{}
	}
	C.Z3_inc_ref(c.ctx, a)
	c.refs = append(c.refs, a)
	return AST{c: c, a: a}
}

// sort returns the bit-vector sort of width w, or Bool for 0.
func (c *Context) sort(w int) C.Z3_sort {
	if s, ok := c.sorts[w]; ok {
		return s
	}
	var s C.Z3_sort
	if w == 0 {
		s = C.Z3_mk_bool_sort(c.ctx)
	} else {
		s = C.Z3_mk_bv_sort(c.ctx, C.uint(w))
	}
	if c.keep(C.Z3_sort_to_ast(c.ctx, s)).a == nil {
		return nil
	}
	c.sorts[w] = s
	return s
}

// symbol makes a Z3 string symbol (symbols are not reference-counted).
func (c *Context) symbol(name string) C.Z3_symbol {
	cs := C.CString(name)
	defer C.free(unsafe.Pointer(cs))
	return C.Z3_mk_string_symbol(c.ctx, cs)
}
