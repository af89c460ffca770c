package symex

import (
	"github.com/cudavet/cudavet/checkers/internal/interp"
	"github.com/cudavet/cudavet/frontend/ir"
)

// Lambdas in device code: a kernel's helpers written as [&] lambdas
// (a histogram pass handed to a for-each-score helper, a refinement
// round) run like inlined device functions. The lowering keeps no
// captures: a lambda's body names the enclosing function's variables
// directly, so it runs on the variables of the frame that calls it, or,
// called from another function (a helper that takes it as a parameter),
// on those it saw where it was made; its assignments to the caller's
// variables are the caller's afterwards (captured by reference).

// closureOf returns the lambda a call runs and the arguments of its
// parameters: an immediately invoked lambda (e.Closure), or a call of
// operator() on a value holding one (a lambda variable, or a parameter
// a lambda was passed to).
func closureOf(e *ir.Call, args []Value) (*Value, []Value) {
	if e.Closure != nil {
		return &Value{C: e.Closure}, args
	}
	if e.Fn == nil && e.Name == "operator()" && len(args) > 0 && args[0].C != nil {
		return &args[0], args[1:]
	}
	return nil, nil
}

// callClosure runs lambda cl with args bound to its parameters.
func (x *executor) callClosure(e *ir.Call, cl *Value, args []Value, st *state) Value {
	callee := interp.NewState[Value](st.PC, st.X)
	for v, val := range cl.Env {
		callee.Env[v] = val
	}
	for v, val := range st.Env {
		callee.Env[v] = val
	}
	for i, p := range cl.C.Params {
		if i < len(args) {
			callee.Env[p] = args[i]
		} else {
			callee.Env[p] = x.freshVar(p.Name, e.P, p.Type)
		}
	}
	fr := x.runFrame(nil, cl.C.Body, callee, e.P)
	if out := x.joinAll(st, fr.returns); out != nil {
		for v := range st.Env {
			if val, ok := out.Env[v]; ok {
				st.Env[v] = val
			}
		}
	}
	st.X = returnEpochs(fr, st)
	return x.returnValue(e, fr, st)
}
