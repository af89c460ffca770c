// Package ir is cudavet's symbolic intermediate representation of CUDA
// code: what the front end (frontend/lower) produces from the clang AST and
// what every checker reads. It depends on the standard library only.
//
// Files:
//
//	types.go    types with exact integer widths, C's promotions and usual arithmetic conversions
//	expr.go     expressions (values): constants, variables, thread builtins, operators, loads, calls, collectives
//	stmt.go     statements: declarations, assignments, stores, structured control flow, launches, assumptions
//	program.go  Program, File, Func, Var, Directive, Diagnostic, Stats
//	walk.go     Inspect and Children: generic traversal
//	print.go    Fprint and ExprString: the textual form shown below and by `cudavet -dump=ir`
//	verify.go   Verify: the invariants below, checked on every lowered function in tests
//
// # Model
//
// A Program holds Funcs: kernels (__global__), device functions and host
// launchers (host functions that launch a kernel). A template is lowered
// once per instantiation that the analysed code uses (Func.TemplateArgs),
// from libclang's instantiated body, so types are concrete; a template no
// code instantiates is lowered once with symbolic parameters (Func.Generic:
// TypeParam types and TemplateParamRef values). A device member of a class
// template counts as a template: the class's parameters are its own.
//
// Values are side-effect free expressions with exact C semantics: every
// implicit conversion is an explicit Convert node, and the operands of an
// arithmetic Binary have the result's type, so `int * int` wraps at 32 bits
// and `(int64_t)a * b` does not. Side effects inside C expressions (i++,
// nested assignments) are hoisted into statements before the statement that
// contained them; where that is not sound (a side effect in a loop
// condition or in the right operand of &&) the value is Unknown.
//
// Memory is accessed as (pointer, element index): Load{Ptr, Index} reads
// Ptr[Index] and Store{Ptr, Index, Val} writes it, Index counted in
// elements of Ptr's element type. A pointer is a kernel parameter (address
// space global), an array variable (a __shared__, local or __constant__
// region), AddrOf a memory-resident scalar, PtrAdd of a pointer, or a
// Convert of a pointer (reinterpret_cast to float4 changes the element
// type: offsets then count float4s). Reads of __shared__, __device__ and
// __constant__ scalars are loads from their one-element region, because
// they are memory shared by threads, not registers.
//
// Control flow is structured: If, Loop (for/while/do with Init, Cond, Post
// kept as written), Switch, Break, Continue, Return. Barriers are Sync
// expressions in ExprStmts; warp collectives are Warp expressions; atomics
// are Atomic expressions; kernel launches are Launch statements of host
// functions with their grid, block and dynamic shared-memory expressions;
// TORCH_CHECK and assert become Assume.
//
// Nothing is dropped silently: a construct the lowering does not
// understand becomes an Unknown value or an UnknownStmt with a Reason, and
// is counted in Func.Stats and Program.Stats. Checkers treat Unknown as any
// value of its type, never as zero.
//
// # Reference: CUDA and its printed IR
//
// A kernel header prints its kind, name with template arguments, typed
// parameters (kernel pointers are global) and result:
//
//	template <int TILE> __global__ void transpose(float* out, const float* in, int rows, int cols)
//	  ⇒ kernel transpose<32>(out float*, in const float*, rows int, cols int) void
//
// Thread builtins are typed unsigned int, so this index is computed in
// unsigned arithmetic and converted to int:
//
//	int x = blockIdx.x * TILE + threadIdx.x;
//	  ⇒ decl x int = (int)((blockIdx.x *:unsigned int 32:unsigned int) +:unsigned int threadIdx.x)
//
// Binary operators print their type after the operator unless it is int
// (":int64_t", "f" for floating point); constants print theirs likewise:
//
//	int64_t base = (int64_t)row * hidden_size;
//	  ⇒ decl base int64_t = ((int64_t)row *:int64_t (long)hidden_size)
//
// Loops keep their parts:
//
//	for (int i = threadIdx.x; i < n; i += blockDim.x) sum += in[base + i];
//	  ⇒ for init { decl i int = (int)threadIdx.x }
//	    for cond (i < n) { sum = (sum +f in[(base +:int64_t (long)i)]) }
//	    for post { i = (int)((unsigned int)i +:unsigned int blockDim.x) }
//
// Multi-dimensional arrays index row by row; reinterpret_cast changes the
// element type; extern __shared__ arrays have unknown length:
//
//	__shared__ float tile[32][33]; tile[threadIdx.y][threadIdx.x] = v;
//	  ⇒ decl tile float[32][33] shared
//	    store (tile +p threadIdx.y)[threadIdx.x] = v
//	const float4* in4 = reinterpret_cast<const float4*>(in + (size_t)y * cols);
//	  ⇒ decl in4 const float4* = (const float4*)(in +p ((size_t)y *:size_t (unsigned long)cols))
//	extern __shared__ char smem[]; int* counts = reinterpret_cast<int*>(smem);
//	  ⇒ decl smem char[] shared
//	    decl counts int* = (int*)(smem +p 0:int64_t)
//
// Side effects are hoisted, with a temporary for a postfix value:
//
//	out[cnt++] = x;
//	  ⇒ decl tmp.1 int = cnt
//	    cnt = (cnt + 1)
//	    store out[tmp.1] = x
//
// Barriers, collectives and atomics:
//
//	__syncthreads();                       ⇒ __syncthreads()
//	__syncwarp();                          ⇒ __syncwarp()
//	cg::this_thread_block().sync();        ⇒ __syncthreads()   (Sync{Kind: SyncBlock, Name: "thread_block.sync"})
//	v += __shfl_down_sync(0xffffffff, v, o);
//	  ⇒ v = (v +f warp.shfl_down(mask=4294967295:unsigned int, v, lane=(unsigned int)o, width=<nil>))
//	atomicAdd(&counts[x % 8], 1);          ⇒ atomicAdd(&counts[(x % 8)], 1)
//
// Calls to device functions name the lowered instantiation; CUDA math and
// conversion builtins are Intrinsics:
//
//	float s = warp_sum<float>(v);          ⇒ decl s float = call warp_sum<float>(v)
//	float f = __half2float(h);             ⇒ decl f float = __half2float(h)
//
// A host call to a function declared in an analysed header and defined in
// another unit (a .cpp binding calling a .cu's launcher) carries the
// callee's USR in Call.Link; the loader sets Fn when a unit of the program
// defines it.
//
// Host launchers keep launch sites and torch calls:
//
//	dim3 grid(num_tokens); TORCH_CHECK(hidden % 8 == 0);
//	rms_kernel<float><<<grid, block, 0, stream>>>(out.data_ptr<float>(), ...);
//	  ⇒ decl grid dim3 = dim3((unsigned int)num_tokens, 1:unsigned int, 1:unsigned int)
//	    assume ((hidden % 8) == 0)
//	    launch rms_kernel<float><<<grid, block, 0:size_t, stream>>>(out.data_ptr<float>(), ...)
//
// What the lowering does not understand:
//
//	goto done;                             ⇒ unknown "goto"
//	asm volatile("..." : "=r"(x));         ⇒ unknown "inline asm" (Writes: x)
//
// # Invariants (checked by Verify)
//
//   - Every node has a valid position in an analysed file.
//   - An arithmetic or bitwise Binary on integers has X, Y and T identical;
//     a shift has X's type as T; a comparison has identical operand types.
//   - Load, Store and PtrAdd go through pointer- or array-typed values.
//   - An Assign to a scalar integer variable assigns a value of its type.
package ir
