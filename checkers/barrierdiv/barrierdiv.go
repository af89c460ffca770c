package barrierdiv

import (
	_ "embed"
	"slices"
	"strings"

	"github.com/cudavet/cudavet/checkers/cudair"
	"github.com/cudavet/cudavet/checkers/divergence"
	"github.com/cudavet/cudavet/checkers/internal/checkdoc"
	"github.com/cudavet/cudavet/frontend/ir"
	"golang.org/x/tools/go/analysis"
)

//go:embed doc.go
var doc string

// Analyzer reports barriers reached under thread-dependent control flow.
var Analyzer = &analysis.Analyzer{
	Name:     "barrierdiv",
	Doc:      checkdoc.Doc(doc, "barrierdiv"),
	URL:      "https://pkg.go.dev/github.com/cudavet/cudavet/checkers/barrierdiv",
	Requires: []*analysis.Analyzer{cudair.Analyzer, divergence.Analyzer},
	Run:      run,
}

func run(pass *analysis.Pass) (any, error) {
	u := cudair.Of(pass)
	// Host launchers run no barriers (their lambdas are host code too).
	if u.Func.Kind == ir.Host || u.Func.Body == nil {
		return nil, nil
	}
	res := pass.ResultOf[divergence.Analyzer].(*divergence.Result)
	src := newSource(pass, u.Prog.Fset)
	reported := map[ir.Node]bool{}
	for _, b := range res.Barriers() {
		// __syncwarp(mask) with a partial mask is the warpsync check's.
		if !fullMask(b.Sync) {
			continue
		}
		i := firstDivergent(b)
		if i < 0 || roleSplit(b.Controls[i], b.Sync) || exited(b.Controls[i]) {
			continue
		}
		call := firstCall(b)
		// Threads that skip the barrier and run to the kernel's exit
		// without synchronising again have, for the barrier, exited.
		if skipThenExit(res, b, call) {
			continue
		}
		// A divergence inside a callee that holds whatever the arguments
		// is reported by the callee's own unit, once for all callers.
		if call >= 0 && i > call && divergentAlone(res, b, call) {
			continue
		}
		at := ir.Node(b.Sync)
		if call >= 0 {
			at = b.Controls[call].Node
		}
		// One report per barrier, or per call leading to barriers.
		if reported[at] {
			continue
		}
		reported[at] = true
		pass.Report(src.diagnostic(b, i, call))
	}
	return nil, nil
}

// relevant reports whether control c makes the threads that reach barrier
// s differ in a way that matters for s: any thread dependence for block and
// grid barriers, dependence within a warp for warp and tile barriers.
func relevant(c divergence.Control, s *ir.Sync) bool {
	switch {
	case c.Kind == divergence.CallSite:
		return false
	case s.Kind == ir.SyncTile:
		// A tile index (threadIdx.x / g) is the same in every thread of a
		// thread_block_tile<g>.
		// A tile of one thread always arrives whole.
		g := tileSize(s)
		return c.Fact.Level == divergence.Divergent && g != 1 && !(g > 0 && c.Fact.Grain() >= g)
	case s.Kind == ir.SyncWarp:
		return c.Fact.Level == divergence.Divergent
	}
	return c.Fact.Level >= divergence.WarpUniform
}

// exited reports a barrier that follows the kernel's own early return:
// the threads that returned have exited, and since Volta barriers wait
// only for the threads that have not.
func exited(c divergence.Control) bool {
	return c.Kind == divergence.AfterReturn && c.Func != nil && c.Func.Kind == ir.Kernel
}

// skipThenExit reports a block barrier or full-mask __syncwarp whose
// thread-dependent controls are all ifs of the kernel itself (if
// (threadIdx.y == 0) {...}, if (idx < size) {...}), skipped by threads
// that then leave the kernel without another barrier, collective or
// shared-memory access (divergence.Result.SkipThenExit): those threads
// have, for the barrier, exited. A condition that splits a warp is the
// same: the skipping lanes are running when the others arrive, but they
// exit without waiting anywhere, which releases the barrier (an H200
// under synccheck agrees). vLLM's moe_permute preprocessTopkIdKernel has
// such a __syncwarp under its tail guard.
func skipThenExit(res *divergence.Result, b divergence.Barrier, call int) bool {
	if b.Sync.Kind != ir.SyncBlock && b.Sync.Kind != ir.SyncWarp {
		return false
	}
	for j, c := range b.Controls {
		if !relevant(c, b.Sync) {
			continue
		}
		if c.Kind != divergence.IfBranch || (call >= 0 && j > call) {
			return false
		}
	}
	at := ir.Node(b.Sync)
	if call >= 0 {
		at = b.Controls[call].Node
	}
	return res.SkipThenExit(at, divergence.Divergent)
}

// roleSplit reports a deliberate split of the block into roles that run
// matching barriers, as "filler" or producer/consumer kernels do: the
// threads on the other side of the divergent branch also execute a block
// barrier, so every thread arrives at as many barriers (vLLM's moe_align
// kernel runs three __syncthreads in the filler branch, then returns). A
// missing or extra barrier on one side is not detected; warp barriers are
// always checked.
func roleSplit(c divergence.Control, s *ir.Sync) bool {
	if s.Kind != ir.SyncBlock {
		return false
	}
	if c.Kind == divergence.AfterReturn && c.Under != nil {
		c = *c.Under
		if n, ok := c.Node.(*ir.If); ok {
			branch := n.Then
			if c.Else {
				branch = asBlock(n.Else)
			}
			return hasBlockSync(branch, nil)
		}
		return false
	}
	n, ok := c.Node.(*ir.If)
	if c.Kind != divergence.IfBranch || !ok {
		return false
	}
	mine, other := n.Then, asBlock(n.Else)
	if c.Else {
		mine, other = other, mine
	}
	if hasBlockSync(other, nil) {
		return true
	}
	// A branch that returns leaves the rest of the function to the others.
	if mine != nil && len(mine.Stmts) > 0 {
		if _, ret := mine.Stmts[len(mine.Stmts)-1].(*ir.Return); ret {
			return hasBlockSync(c.Func.Body, n)
		}
	}
	return false
}

func asBlock(s ir.Stmt) *ir.Block {
	switch s := s.(type) {
	case *ir.Block:
		return s
	case nil:
		return nil
	}
	return &ir.Block{Stmts: []ir.Stmt{s}}
}

// hasBlockSync reports whether n holds a block barrier outside skip.
func hasBlockSync(n *ir.Block, skip ir.Node) bool {
	if n == nil {
		return false
	}
	found := false
	ir.Inspect(n, func(x ir.Node) bool {
		if found || (skip != nil && x == skip) {
			return false
		}
		if s, ok := x.(*ir.Sync); ok && s.Kind == ir.SyncBlock {
			found = true
		}
		return true
	})
	return found
}

// firstDivergent returns the index of the outermost relevant control of b,
// or -1.
func firstDivergent(b divergence.Barrier) int {
	for i, c := range b.Controls {
		if relevant(c, b.Sync) {
			return i
		}
	}
	return -1
}

// firstCall returns the index of the first CallSite of b (the call in the
// analysed function through which b is reached), or -1.
func firstCall(b divergence.Barrier) int {
	for i, c := range b.Controls {
		if c.Kind == divergence.CallSite {
			return i
		}
	}
	return -1
}

// divergentAlone reports whether the barrier path b, whose first call is
// b.Controls[call], is already divergent in the callee analysed on its own
// (with Uniform parameters).
func divergentAlone(res *divergence.Result, b divergence.Barrier, call int) bool {
	callee := b.Controls[call].Node.(*ir.Call).Fn
	path := callPath(b.Controls[call+1:])
	for _, b2 := range res.BarriersOf(callee) {
		if b2.Sync == b.Sync && slices.Equal(callPath(b2.Controls), path) && firstDivergent(b2) >= 0 {
			return true
		}
	}
	return false
}

// callPath returns the calls of a control chain.
func callPath(cs []divergence.Control) []ir.Node {
	var out []ir.Node
	for _, c := range cs {
		if c.Kind == divergence.CallSite {
			out = append(out, c.Node)
		}
	}
	return out
}

// tileSize returns g for the sync of a thread_block_tile<g> (from the
// tile type's spelling in Name), or 0 when not known.
func tileSize(s *ir.Sync) int64 {
	_, rest, ok := strings.Cut(s.Name, "thread_block_tile<")
	if !ok {
		return 0
	}
	n := int64(0)
	for _, r := range rest {
		if r < '0' || r > '9' {
			break
		}
		n = n*10 + int64(r-'0')
	}
	return n
}

// fullMask reports whether s synchronises a whole group: every barrier
// except __syncwarp with a mask other than the constant 0xffffffff.
func fullMask(s *ir.Sync) bool {
	if s.Kind != ir.SyncWarp || s.Mask == nil {
		return true
	}
	v, ok := ir.ConstValue(s.Mask)
	return ok && uint32(v) == 0xffffffff
}

// analyzerDoc returns the "# Analyzer name" section of a doc.go file's
// package comment, without its heading.
