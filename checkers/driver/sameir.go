package driver

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/cudavet/cudavet/checkers/cudair"
	"github.com/cudavet/cudavet/frontend/ir"
)

// sameIR returns, for each unit, the index of an earlier unit it need not
// be analysed apart from (-1: none): a kernel whose printed IR and
// launches are another kernel's once the 16-bit float types are one name.
// A dispatch over Half and BFloat16 instantiates a kernel twice with the
// same integer and address arithmetic (both elements are 2 bytes); every
// checker would decide the same checks at the same positions twice. What
// differs in any other way (4-byte float, a conversion intrinsic named by
// its type, a device function called) keeps the units apart. The first
// unit in program order is the one analysed, so the result does not
// depend on -j.
func sameIR(units []*cudair.Unit) []int {
	out := make([]int, len(units))
	first := map[string]int{}
	for i, u := range units {
		out[i] = -1
		if u.Func.Kind != ir.Kernel {
			continue
		}
		k := fingerprint(u)
		if j, ok := first[k]; ok {
			out[i] = j
			continue
		}
		first[k] = i
	}
	return out
}

// f16Pair and f16 are the 16-bit float types of CUDA, ATen and the shims,
// pairs first.
var (
	f16Pair = regexp.MustCompile(`\b(__nv_bfloat162|nv_bfloat162|__half2|half2)\b`)
	f16     = regexp.MustCompile(`\b(c10::BFloat16|c10::Half|at::BFloat16|at::Half|__nv_bfloat16|nv_bfloat16|__half|half)\b`)
)

// fingerprint prints u's kernel and its launches with the 16-bit float
// types renamed.
func fingerprint(u *cudair.Unit) string {
	var b strings.Builder
	b.WriteString(u.Func.String())
	// The device functions it calls are inlined: their bodies count
	// (silu<Half> may convert with __half2float, silu<BFloat16> with
	// __bfloat162float), each once.
	seen := map[*ir.Func]bool{u.Func: true}
	todo := []*ir.Func{u.Func}
	for len(todo) > 0 {
		f := todo[len(todo)-1]
		todo = todo[:len(todo)-1]
		if f.Body == nil {
			continue
		}
		ir.Inspect(f.Body, func(n ir.Node) bool {
			if c, ok := n.(*ir.Call); ok && c.Fn != nil && !seen[c.Fn] {
				seen[c.Fn] = true
				todo = append(todo, c.Fn)
				b.WriteString("\n" + c.Fn.String())
			}
			return true
		})
	}
	for _, l := range u.Launches {
		b.WriteString("\nlaunch " + strconv.Itoa(int(l.P)) + " " + l.Name)
		for _, e := range append([]ir.Expr{l.Grid, l.Block, l.Smem, l.Stream}, l.Args...) {
			b.WriteString(" | ")
			if e != nil {
				b.WriteString(ir.ExprString(e))
			}
		}
		if l.Caller != nil {
			b.WriteString(" in " + l.Caller.Name)
		}
	}
	s := f16Pair.ReplaceAllString(b.String(), "f16x2")
	return f16.ReplaceAllString(s, "f16")
}
