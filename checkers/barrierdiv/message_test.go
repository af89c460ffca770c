package barrierdiv

import (
	"fmt"
	"go/token"
	"strings"
	"testing"

	"github.com/cudavet/cudavet/checkers/driver"
	"github.com/cudavet/cudavet/frontend/ir"
	"golang.org/x/tools/go/analysis"
)

// This test runs the analyzer through the driver on hand-built IR whose
// positions point into a real source text, to pin the messages down
// independently of the front end.

const msgSrc = `__global__ void k1(int n) {
  int tid = threadIdx.x;
  if (tid >= n) return;
  __syncthreads();
}
__device__ void helper() {
  __syncthreads();
}
__global__ void k2(int n) {
  int lane = threadIdx.x % 32;
  if (lane < 16) helper();
  for (int i = threadIdx.x; i < n; i += blockDim.x) {
    __syncthreads();
  }
  if (lane < 8) {
  } else {
    __syncwarp();
  }
  __syncwarp();
}
`

// src builds IR whose positions point into a source text.
type src struct {
	text string
	fset *token.FileSet
	tf   *token.File
	file *ir.File
}

func newSrc(text string) *src {
	fset := token.NewFileSet()
	tf := fset.AddFile("/src/msg.cu", -1, len(text))
	tf.SetLinesForContent([]byte(text))
	return &src{text: text, fset: fset, tf: tf, file: &ir.File{Name: "/src/msg.cu", Tok: tf}}
}

// at returns the position of the n-th (from 0) occurrence of s.
func (p *src) at(s string, n int) token.Pos {
	off := -1
	for i := 0; i <= n; i++ {
		j := strings.Index(p.text[off+1:], s)
		if j < 0 {
			panic("no " + s)
		}
		off += 1 + j
	}
	return p.tf.Pos(off)
}

func (p *src) tidx(n int) ir.Expr {
	return &ir.Convert{P: p.at("threadIdx.x", n), X: &ir.Builtin{P: p.at("threadIdx.x", n), Kind: ir.ThreadIdx}, T: ir.Int, Implicit: true}
}

func (p *src) ref(v *ir.Var, s string, n int) ir.Expr { return &ir.VarRef{P: p.at(s, n), Var: v} }

func (p *src) bin(op ir.BinOp, x, y ir.Expr, s string, n int) ir.Expr {
	t := x.Type()
	if op.IsComparison() {
		t = ir.Bool
	}
	return &ir.Binary{P: p.at(s, n), Op: op, X: x, Y: y, T: t}
}

func (p *src) c(v int64, s string, n int) ir.Expr { return &ir.Const{P: p.at(s, n), T: ir.Int, Val: v} }

func (p *src) sync(n int) ir.Stmt {
	pos := p.at("__syncthreads", n)
	return &ir.ExprStmt{P: pos, X: &ir.Sync{P: pos, Kind: ir.SyncBlock, Name: "__syncthreads"}}
}

func block(ss ...ir.Stmt) *ir.Block { return &ir.Block{P: ss[0].Pos(), Stmts: ss} }

// run runs the analyzer on funcs and returns "line: message" per diagnostic.
func (p *src) run(t *testing.T, funcs ...*ir.Func) []string {
	t.Helper()
	prog := &ir.Program{Fset: p.fset, Files: []*ir.File{p.file}, Funcs: funcs}
	for _, f := range prog.Funcs {
		f.File = p.file
		if err := ir.Verify(f); err != nil {
			t.Fatal(err)
		}
	}
	res, err := driver.Run(prog, driver.Config{
		Analyzers: []*analysis.Analyzer{Analyzer},
		ReadFile:  func(string) ([]byte, error) { return []byte(p.text), nil },
	})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, d := range res.Diagnostics {
		got = append(got, fmt.Sprintf("%d: %s", d.Position.Line, d.Message))
		if d.End.IsValid() {
			if s := p.text[d.Position.Offset:p.fset.Position(d.End).Offset]; !strings.HasSuffix(s, ")") {
				t.Errorf("%s: end covers %q", d.Position, s)
			}
		}
	}
	return got
}

func wantDiags(t *testing.T, got []string, want ...string) {
	t.Helper()
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("diagnostics:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestMessages(t *testing.T) {
	p := newSrc(msgSrc)
	// k1: early return in a device function (the threads go on in the caller).
	n1 := &ir.Var{Name: "n", Type: ir.Int, Kind: ir.ParamVar, P: p.at("n)", 0)}
	tid := &ir.Var{Name: "tid", Type: ir.Int, Kind: ir.LocalVar, P: p.at("tid", 0)}
	k1 := &ir.Func{Name: "k1", Base: "k1", Kind: ir.Device, P: p.at("k1", 0), Params: []*ir.Var{n1}, Body: block(
		&ir.DeclStmt{P: p.at("int tid", 0), Var: tid, Init: p.tidx(0)},
		&ir.If{P: p.at("if", 0), Cond: p.bin(ir.Ge, p.ref(tid, "tid", 1), p.ref(n1, "n)", 1), ">=", 0),
			Then: block(&ir.Return{P: p.at("return", 0)})},
		p.sync(0),
	)}

	// helper and k2: a call under a lane condition, a block-stride loop,
	// a __syncwarp in an else branch.
	helper := &ir.Func{Name: "helper", Base: "helper", Kind: ir.Device, P: p.at("helper", 0), Result: ir.Void, Body: block(p.sync(1))}
	n2 := &ir.Var{Name: "n", Type: ir.Int, Kind: ir.ParamVar, P: p.at("n)", 2)}
	lane := &ir.Var{Name: "lane", Type: ir.Int, Kind: ir.LocalVar, P: p.at("lane", 0)}
	i := &ir.Var{Name: "i", Type: ir.Int, Kind: ir.LocalVar, P: p.at("i =", 0)}
	call := &ir.Call{P: p.at("helper()", 1), Fn: helper, Name: "helper", T: ir.Void}
	syncwarp := &ir.Sync{P: p.at("__syncwarp", 0), Kind: ir.SyncWarp, Name: "__syncwarp"}
	loop := &ir.Loop{P: p.at("for", 0), Kind: ir.ForLoop,
		Init: block(&ir.DeclStmt{P: p.at("int i", 0), Var: i, Init: p.tidx(2)}),
		Cond: p.bin(ir.Lt, p.ref(i, "i <", 0), p.ref(n2, "n;", 0), "<", 1),
		Post: block(&ir.Assign{P: p.at("i +=", 0), Var: i, X: p.bin(ir.Add, p.ref(i, "i +=", 0),
			&ir.Convert{P: p.at("blockDim", 0), X: &ir.Builtin{P: p.at("blockDim", 0), Kind: ir.BlockDim}, T: ir.Int, Implicit: true}, "+=", 0)}),
		Body: block(p.sync(2)),
	}
	k2 := &ir.Func{Name: "k2", Base: "k2", Kind: ir.Kernel, P: p.at("k2", 0), Params: []*ir.Var{n2}, Body: block(
		&ir.DeclStmt{P: p.at("int lane", 0), Var: lane, Init: p.bin(ir.Rem, p.tidx(1), p.c(32, "32", 0), "%", 0)},
		&ir.If{P: p.at("if", 1), Cond: p.bin(ir.Lt, p.ref(lane, "lane <", 0), p.c(16, "16", 0), "<", 0),
			Then: block(&ir.ExprStmt{P: call.P, X: call})},
		loop,
		&ir.If{P: p.at("if", 2), Cond: p.bin(ir.Lt, p.ref(lane, "lane <", 1), p.c(8, "8", 0), "<", 2),
			Then: &ir.Block{P: p.at("{", 4)}, Else: block(&ir.ExprStmt{P: syncwarp.P, X: syncwarp})},
		// Lanes that skip the first __syncwarp meet this one: they do not
		// skip to the exit.
		&ir.ExprStmt{P: p.at("__syncwarp", 1), X: &ir.Sync{P: p.at("__syncwarp", 1), Kind: ir.SyncWarp, Name: "__syncwarp"}},
	)}

	wantDiags(t, p.run(t, k1, helper, k2),
		"4: __syncthreads() comes after an early return taken only by threads with tid >= n (condition at line 3 depends on threadIdx.x via tid)",
		"11: call to helper, which reaches __syncthreads() at line 7, is reached only by threads with lane < 16 (condition at line 11 depends on threadIdx.x via lane)",
		"13: __syncthreads() is inside a loop whose trip count depends on threadIdx.x (i starts at threadIdx.x, line 12)",
		"17: __syncwarp() is reached only by threads where lane < 8 is false (condition at line 15 depends on threadIdx.x via lane)",
	)
}

const ctxSrc = `__device__ void publish(int l) {
  if (l == 0) {
    __syncthreads();
  }
}
__device__ void own() {
  if (threadIdx.x < 64) {
    __syncthreads();
  }
}
__global__ void k(int n) {
  int lane = threadIdx.x & 31;
  publish(lane);
  publish(n);
  own();
}
__global__ void k2() {
  own();
}
`

// TestCallContexts checks where barriers in device functions are reported:
// at the call that passes a thread-dependent argument (not for the call
// with a uniform one), and once inside a helper whose own condition is
// thread-dependent, whatever its callers.
func TestCallContexts(t *testing.T) {
	p := newSrc(ctxSrc)
	l := &ir.Var{Name: "l", Type: ir.Int, Kind: ir.ParamVar, P: p.at("l)", 0)}
	publish := &ir.Func{Name: "publish", Base: "publish", Kind: ir.Device, P: p.at("publish", 0), Params: []*ir.Var{l}, Result: ir.Void, Body: block(
		&ir.If{P: p.at("if", 0), Cond: p.bin(ir.Eq, p.ref(l, "l ==", 0), p.c(0, "0", 0), "==", 0), Then: block(p.sync(0))},
	)}
	own := &ir.Func{Name: "own", Base: "own", Kind: ir.Device, P: p.at("own", 0), Result: ir.Void, Body: block(
		&ir.If{P: p.at("if", 1), Cond: p.bin(ir.Lt, p.tidx(0), p.c(64, "64", 0), "<", 0), Then: block(p.sync(1))},
	)}
	n := &ir.Var{Name: "n", Type: ir.Int, Kind: ir.ParamVar, P: p.at("n)", 0)}
	lane := &ir.Var{Name: "lane", Type: ir.Int, Kind: ir.LocalVar, P: p.at("lane", 0)}
	call := func(f *ir.Func, at string, args ...ir.Expr) ir.Stmt {
		c := &ir.Call{P: p.at(at, 0), Fn: f, Name: f.Name, Args: args, T: ir.Void}
		return &ir.ExprStmt{P: c.P, X: c}
	}
	k := &ir.Func{Name: "k", Base: "k", Kind: ir.Kernel, P: p.at("k(", 0), Params: []*ir.Var{n}, Body: block(
		&ir.DeclStmt{P: p.at("int lane", 0), Var: lane, Init: p.bin(ir.And, p.tidx(1), p.c(31, "31", 0), "&", 0)},
		call(publish, "publish(lane)", p.ref(lane, "lane)", 0)),
		call(publish, "publish(n)", p.ref(n, "n)", 1)),
		call(own, "own();"),
	)}
	ownCall := &ir.Call{P: p.at("own();", 1), Fn: own, Name: "own", T: ir.Void}
	k2 := &ir.Func{Name: "k2", Base: "k2", Kind: ir.Kernel, P: p.at("k2", 0), Body: block(&ir.ExprStmt{P: ownCall.P, X: ownCall})}

	wantDiags(t, p.run(t, publish, own, k, k2),
		"8: __syncthreads() is reached only by threads with threadIdx.x < 64 (condition at line 7 depends on threadIdx.x)",
		"13: call to publish passes thread-dependent arguments: its __syncthreads() at line 3 is reached only by threads with l == 0 (condition at line 2 depends on threadIdx.x via l)",
	)
}
