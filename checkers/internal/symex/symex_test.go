package symex_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/cudavet/cudavet/checkers/internal/solver"
	"github.com/cudavet/cudavet/checkers/internal/solver/z3"
	"github.com/cudavet/cudavet/checkers/internal/sym"
	"github.com/cudavet/cudavet/checkers/internal/symex"
	"github.com/cudavet/cudavet/frontend"
	"github.com/cudavet/cudavet/frontend/ir"
)

// execKernel lowers src and executes its kernel named name, launched with
// the block and grid sizes of block and grid (0: not known).
func execKernel(t *testing.T, src, name string, opts symex.Options, block, grid uint64) *symex.Trace {
	t.Helper()
	file := filepath.Join(t.TempDir(), "k.cu")
	if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	prog, err := frontend.Load(&frontend.Config{Jobs: 1}, file)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range prog.Diagnostics {
		if d.Category == "parse" {
			t.Fatalf("%s: %s", prog.Fset.Position(d.Pos), d.Message)
		}
	}
	for _, f := range prog.Kernels() {
		if f.Name == name && f.Body != nil {
			sp := &symex.Spec{}
			if block > 0 {
				sp.Block = [3]*sym.Term{sym.Const(32, block), sym.Const(32, 1), sym.Const(32, 1)}
			}
			if grid > 0 {
				sp.Grid = [3]*sym.Term{sym.Const(32, grid), sym.Const(32, 1), sym.Const(32, 1)}
			}
			return symex.Exec(context.Background(), f, sp, opts)
		}
	}
	t.Fatalf("no kernel %s", name)
	return nil
}

// TestExecStats is a table of kernels and what their execution must
// count: loops summarised exactly (induction variables) or approximated
// (havocked carried values), calls inlined or cut (recursion), the step
// budget, and the accesses recorded.
func TestExecStats(t *testing.T) {
	cases := []struct {
		name, src        string
		opts             symex.Options
		summarised, appr int
		inlineCut        bool
		truncated        bool
		accesses         int
	}{
		{name: "grid_stride_summarised", src: `
__global__ void k(float* y, const float* x, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) y[i] = 2.f * x[i];
}`, summarised: 1, accesses: 2},
		{name: "nested_summarised", src: `
__global__ void k(float* out, int rows, int cols) {
  for (int r = blockIdx.x; r < rows; r += gridDim.x)
    for (int c = threadIdx.x; c < cols; c += blockDim.x) out[r * cols + c] = 0.f;
}`, summarised: 2, accesses: 1},
		{name: "carried_hash_approximated", src: `
__global__ void k(unsigned* out, const unsigned* in, int n) {
  unsigned h = 2166136261u;
  for (int i = 0; i < n; ++i) h = (h ^ in[i]) * 16777619u;
  out[threadIdx.x] = h;
}`, summarised: 0, appr: 1, accesses: 2},
		{name: "device_call_inlined", src: `
__device__ void put(float* x, int i, float v) { x[i] = v; }
__global__ void k(float* x) { put(x, threadIdx.x, 1.f); }`, accesses: 1},
		{name: "recursion_cut", src: `
__device__ int depth(const int* tree, int i) { return i < 0 ? 0 : 1 + depth(tree, tree[i]); }
__global__ void k(int* out, const int* tree) { out[threadIdx.x] = depth(tree, threadIdx.x); }`, inlineCut: true},
		{name: "step_budget", opts: symex.Options{MaxSteps: 3}, src: `
__global__ void k(float* x) {
  x[0] = 1.f; x[1] = 2.f; x[2] = 3.f; x[3] = 4.f; x[4] = 5.f; x[5] = 6.f;
}`, truncated: true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tr := execKernel(t, c.src, "k", c.opts, 0, 0)
			st := tr.Stats
			if st.LoopsSummarised != c.summarised || st.LoopsApproximated != c.appr {
				t.Errorf("loops summarised %d, approximated %d; want %d, %d", st.LoopsSummarised, st.LoopsApproximated, c.summarised, c.appr)
			}
			if (st.InlineCut > 0) != c.inlineCut {
				t.Errorf("InlineCut %d, want cut: %v", st.InlineCut, c.inlineCut)
			}
			if st.Truncated != c.truncated {
				t.Errorf("Truncated %v, want %v", st.Truncated, c.truncated)
			}
			if c.accesses > 0 && len(tr.Accesses) != c.accesses {
				t.Errorf("%d accesses, want %d", len(tr.Accesses), c.accesses)
			}
			if c.name == "device_call_inlined" && len(tr.Accesses) == 1 && len(tr.Accesses[0].Inline) != 1 {
				t.Errorf("the store in put has inline stack %v, want the one call", tr.Accesses[0].Inline)
			}
		})
	}
}

// TestBarrierEpochs checks that each access carries the number of block
// barriers its thread passed, and that a barrier event records the epoch
// before it.
func TestBarrierEpochs(t *testing.T) {
	tr := execKernel(t, `
__global__ void k(float* out) {
  __shared__ float s[256];
  s[threadIdx.x] = 1.f;
  __syncthreads();
  float v = s[255 - threadIdx.x];
  __syncthreads();
  s[threadIdx.x] = v;
  __syncthreads();
  out[threadIdx.x] = s[0];
}`, "k", symex.Options{}, 0, 0)
	var shared []uint64
	for _, a := range tr.Accesses {
		if a.Region.Space != ir.Shared {
			continue
		}
		e, ok := a.Epoch.Const()
		if !ok {
			t.Fatalf("epoch of a straight-line access is %v, want a constant", a.Epoch)
		}
		shared = append(shared, e)
	}
	want := []uint64{0, 1, 2, 3}
	if len(shared) != len(want) {
		t.Fatalf("shared accesses at epochs %v, want %v", shared, want)
	}
	for i := range want {
		if shared[i] != want[i] {
			t.Fatalf("shared accesses at epochs %v, want %v", shared, want)
		}
	}
	if len(tr.Barriers) != 3 {
		t.Fatalf("%d barrier events, want 3", len(tr.Barriers))
	}
	for i, b := range tr.Barriers {
		if e, ok := b.Epoch.Const(); !ok || e != uint64(i) {
			t.Errorf("barrier %d has epoch %v, want %d", i, b.Epoch, i)
		}
	}
}

// TestTwoThreadView asks the race question of the two-thread view (thread
// 2's per-thread variables renamed) on shared memory: a write and another
// thread's read of one element race without a barrier between them, and
// do not with one.
func TestTwoThreadView(t *testing.T) {
	base, err := z3.New(z3.Options{})
	if err != nil {
		t.Skip("z3: ", err)
	}
	defer base.Close()
	s := solver.NewChain(base, solver.Options{})
	cases := []struct {
		name, src string
		race      bool
	}{
		{"no_barrier", `
__global__ void k(float* out) {
  __shared__ float s[256];
  if (threadIdx.x < 256) s[threadIdx.x] = 1.f;
  if (threadIdx.x < 256) out[threadIdx.x] = s[255 - threadIdx.x];
}`, true},
		{"barrier", `
__global__ void k(float* out) {
  __shared__ float s[256];
  if (threadIdx.x < 256) s[threadIdx.x] = 1.f;
  __syncthreads();
  if (threadIdx.x < 256) out[threadIdx.x] = s[255 - threadIdx.x];
}`, false},
		{"own_element", `
__global__ void k(float* out) {
  __shared__ float s[256];
  if (threadIdx.x < 256) s[threadIdx.x] = 1.f;
  if (threadIdx.x < 256) out[threadIdx.x] = s[threadIdx.x];
}`, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			// One block of 256 threads: the race must not depend on a
			// launch the kernel is not given.
			tr := execKernel(t, c.src, "k", symex.Options{}, 256, 1)
			var w, r *symex.Access
			for _, a := range tr.Accesses {
				if a.Region.Space == ir.Shared {
					if a.Write {
						w = a
					} else {
						r = a
					}
				}
			}
			if w == nil || r == nil {
				t.Fatalf("want a shared write and a shared read, got %d accesses", len(tr.Accesses))
			}
			p := tr.NewPair(true, false)
			pc := append(append([]*sym.Term(nil), w.PC...), p.SecondAll(r.PC)...)
			viol := p.Race(w, r)
			pc = append(pc, p.Consistent(append(append([]*sym.Term(nil), pc...), viol))...)
			_, outcome, err := p.Trace.Check(context.Background(), s, pc, viol)
			if err != nil {
				t.Fatal(err)
			}
			if got := outcome == symex.Violated; got != c.race {
				t.Errorf("race: outcome %v, want race %v", outcome, c.race)
			}
		})
	}
}

// An operation records the operations its operands came from, and its
// first-overflow predicate holds only where none of them wrapped: the
// unsigned (3 * x) + y wraps where 3 * x did (x = 2^30, y = 2^30), never
// where the product is an exact int.
func TestFirstOverflow(t *testing.T) {
	tr := execKernel(t, `
__global__ void k(float* out, int x, unsigned y) {
  out[(3 * x) + y] = 0.0f;
}`, "k", symex.Options{}, 32, 1)
	var sum *symex.Op
	for _, o := range tr.Ops {
		if o.Kind == sym.OpAddOvf {
			sum = o
		}
	}
	if sum == nil || len(sum.In) != 1 || sum.In[0].Kind != sym.OpMulOvf {
		t.Fatalf("the sum's operand operations: %v", sum)
	}
	x, y := sum.In[0].X, sum.Y
	if x.Op != sym.OpVar {
		x = sum.In[0].Y
	}
	cs := []*sym.Term{sym.Ule(sym.Int(32, 0), x), sym.Ult(x, sym.Int(32, 1<<30+1)), sym.Ult(y, sym.Int(32, 1<<31))}
	vals := map[string]uint64{x.Name: 1 << 30, y.Name: 1 << 30}
	env := func(name string) (uint64, bool) { v, ok := vals[name]; return v, ok }
	if v, err := sym.Eval(sum.Overflow(), env); err != nil || v != 1 {
		t.Errorf("Overflow at x = y = 2^30: %d %v, want true", v, err)
	}
	if v, err := sym.Eval(sum.FirstOverflow(), env); err != nil || v != 0 {
		t.Errorf("FirstOverflow at x = y = 2^30: %d %v, want false (the product wrapped first)", v, err)
	}
	if !sym.Refute(append(cs, sum.FirstOverflow())) {
		t.Error("FirstOverflow of the sum is not refuted where the product is exact")
	}
}
