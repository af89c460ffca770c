// Package divergence defines a result-only analyzer that computes, for the
// unit's function, how much each value may differ between the threads of a
// block, and which thread-dependent control leads to each barrier. It
// reports nothing; checkers (barrierdiv first) read its *Result.
//
// Files:
//
//	divergence.go  Analyzer, Level, Fact, Result (the API)
//	facts.go       engine and contexts: the per-function fixpoint, statements, control
//	exprs.go       the fact of each expression kind
//	barriers.go    Control, Barrier: the walk that pairs each barrier with its controls
//	exit.go        SkipThenExit: threads that skip a node and run to the kernel's exit
//	trips.go       block-stride loops whose bound is a multiple of blockDim.x (uniform trip count)
//	flow.go        flow-sensitive facts: values a later assignment kills, meets at joins
//
// # Lattice
//
// Every value has a fact of level
//
//	Uniform < WarpUniform < Divergent
//
// Uniform: the same in every thread of the block. WarpUniform: the same in
// every lane of a warp, possibly different between warps. Divergent: may
// differ between the lanes of one warp. join (⊔) is the maximum; on equal
// levels the first origin met in source order is kept for messages. A
// Divergent fact may be linear: the value is threadIdx.x + w with w at most
// WarpUniform (tid, blockIdx.x * blockDim.x + threadIdx.x).
//
// # Expressions
//
//	const, template parameter, blockIdx, blockDim, gridDim, warpSize   Uniform
//	threadIdx.x                                   Divergent, linear
//	threadIdx.y, threadIdx.z                      WarpUniform (*)
//	x + y, y + x, x - y   with x linear, y ≤ WarpUniform      linear
//	x / c, x >> s   with x linear, c % 32 == 0, s ≥ 5          WarpUniform
//	x / g           with x linear, g a power of two below 32   Divergent, grain g (a tile index)
//	x / warpSize    with x linear                              WarpUniform
//	any other x op y, -x, !x, ~x, c ? x : y, f(x...)           ⊔ of operands
//	(T)x                                          fact(x)
//	p[i]  (load)            fact(p) ⊔ fact(i)  [⊔ contents(a) if p is a local array a]
//	v     (local or parameter)                    Var(v)
//	v     (__shared__, __constant__, __device__)  Uniform: memory, judged by address
//	atomicOp(...)                                 Divergent (each thread gets its own old value)
//	__ballot_sync, __any_sync, __all_sync, __activemask, __reduce_*_sync   WarpUniform
//	__match_any_sync                              Divergent
//	__shfl*_sync(m, v, l)   with fact(v) ≤ WarpUniform         fact(v)
//	__shfl_sync(m, v, l)    with l Uniform and full width      WarpUniform (broadcast)
//	other shuffles                                fact(v)
//	__syncthreads_or/and/count(p)                 Uniform
//	g.thread_rank(), g.thread_index()             Divergent
//	g.meta_group_rank()                           WarpUniform (tiles of at most 32 threads)
//	f(args), f a device function with body        ret(f, fact(args))  (context-sensitive)
//	ir.Unknown                                    Uniform, counted in Result.Unknowns
//
// Dividing a linear value by a multiple of 32 assumes that w is a multiple
// of 32 too (blockIdx.x * blockDim.x with blockDim.x a multiple of 32, as in
// every launch that uses warps), so that the quotient is a warp index.
//
// (*) A warp spans several threadIdx.y rows only when blockDim.x < 32, which
// the analysis does not know; WarpUniform avoids false alarms on 2-D blocks
// and keeps threadIdx.y conditions reportable around __syncthreads.
//
// Memory is not tracked per address: a load from shared or global memory is
// as divergent as its address. That is what keeps the common broadcast
// uniform:
//
//	if (tid == 0) s_flag = ...;  __syncthreads();  if (s_flag) { ...; __syncthreads(); }
//
// Local (per-thread) arrays are the exception: their contents are the join
// of every value stored into them, at any index, and of the stores' control.
// A local reference bound to a local variable (int& r = x) is an alias of
// it; one bound to memory (int& r = smem[1]) is read as a load from that
// address, and assignments through it are stores.
//
// # Variables and control dependence
//
// Facts of variables (Result.Var) are flow-insensitive, the least fixpoint of
//
//	Var(v) = ⊔ { fact(x) ⊔ cond(s) | s assigns x to v (declaration, =, op=, ++, T& out-parameter) }
//
// A read of a scalar local that is never addressed nor bound to a device
// function's reference parameter uses, where the walk knows it, the fact
// of the value the variable holds at that point instead (flow.go): the
// last assignment's, joined over the arms of a branch, and Var(v) after a
// loop or switch that assigns v. A loop condition is evaluated on entry
// and after the body, so a bound reset from a broadcast at the end of each
// iteration is Uniform at the test whatever the body computed before.
//
// where cond(s) is the control of s:
//
//	cond(s) = ⊔ { fact(c) | c is the condition of an if, switch or loop enclosing s }
//	        ⊔ { cond(j) | j is a break of a loop enclosing s }
//	        ⊔ { cond(j) | j is a break or continue before s in the same loop body }
//
// So a variable assigned under a thread-dependent condition, after a
// continue some threads take, or in a loop some threads leave early (it
// differs after the loop; facts being flow-insensitive, inside it too), is
// thread-dependent, and so is a loop induction variable whose initial value
// or step is: in for (int i = threadIdx.x; i < n; i += blockDim.x) i is
// Divergent, in for (int s = blockDim.x / 2; s > 0; s >>= 1) s is Uniform,
// and so is k in a loop whose body some threads cut short by continue (they
// meet the others again at k's increment). A return taken
// by some threads does not make later assignments divergent (the threads
// that returned never meet the others again in this function), but it does
// make the function's return value and its out-parameters divergent:
//
//	ret(f)    = ⊔ { fact(x) ⊔ cond(r) ⊔ rets(r) | r is "return x" in f }
//	out(f, p) = ⊔ { fact(x) ⊔ cond(s) ⊔ rets(s) | s writes x through parameter p }
//
// with rets(s) the join of cond(r) over the returns r before s.
//
// # Calls
//
// A call to a device function with a body is analysed in the context of its
// argument facts: the callee's parameters start with those facts, its
// return value gives the call's fact, and out(f, p) flows into the
// caller's variable passed to p (x for a T& parameter, &x or a local array
// for a T* parameter). Contexts are memoised per (function, parameter
// levels); recursion is cut (a context met while it is computed answers
// with its facts so far). Calls without a body are as divergent as their
// operands, except for the cooperative-groups accessors above.
//
// # Barriers
//
// Result.Barriers lists every ir.Sync reachable from the function, through
// device-function calls, with the controls on its path (see Control):
// thread-dependent if/switch/&&/||/?: conditions, loops whose condition is
// thread-dependent, and earlier jumps taken by some threads only. A jump is
// thread-dependent when a control between it and its target is (for a
// return, any control in the same function); the code after it up to its
// target is then under that jump, and a loop whose body holds a
// thread-dependent break, continue or return is wholly under it, since the
// threads that jumped are an iteration apart from the others.
//
// Closures (host lambdas) are not analysed.
package divergence
