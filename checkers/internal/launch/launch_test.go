package launch

import (
	"fmt"
	"os"
	"runtime"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/cudavet/cudavet/checkers/internal/model"
	"github.com/cudavet/cudavet/checkers/internal/sym"
	"github.com/cudavet/cudavet/frontend"
	"github.com/cudavet/cudavet/frontend/ir"
)

// dump prints the sites of a file: kernel, spec lengths, params, grid,
// block, assumptions and variable classes.
func dump(t *testing.T, file string, cfg *Config) (string, *Result) {
	t.Helper()
	prog, err := frontend.Load(&frontend.Config{}, file)
	if err != nil {
		t.Fatal(err)
	}
	res := Analyze(prog, cfg)
	var b strings.Builder
	var kernels []*ir.Func
	for k := range res.Sites {
		kernels = append(kernels, k)
	}
	sort.Slice(kernels, func(i, j int) bool { return kernels[i].Name < kernels[j].Name })
	for _, k := range kernels {
		for _, s := range res.Sites[k] {
			fmt.Fprintf(&b, "site %s from %s unresolved=%v na=%q\n", k.Name, s.Entry.Name, s.Unresolved, s.NotApplicable)
			for _, p := range k.Params {
				if l := s.Spec.Lengths[p]; l != nil {
					fmt.Fprintf(&b, "  len(%s) = %s\n", p.Name, l)
				}
				if v := s.Spec.Params[p]; v != nil {
					fmt.Fprintf(&b, "  %s = %s\n", p.Name, v)
				}
			}
			fmt.Fprintf(&b, "  grid %v block %v smem %v\n", s.Spec.Grid, s.Spec.Block, s.Spec.Smem)
			for _, a := range s.Spec.Assume {
				fmt.Fprintf(&b, "  assume %s\n", a)
			}
			for _, v := range s.Spec.Vars {
				fmt.Fprintf(&b, "  var %s %s %s\n", v.Term.Name, v.Class, v.Display)
			}
		}
	}
	return b.String(), res
}

// TestDump prints the sites of LAUNCH_DUMP (default testdata/rms_norm.cu)
// and, for the default file, checks the dump's shape: each of the three
// dispatch cases is one site of rms_norm, with both tensor lengths, the
// grid, assumptions and classed variables, in that order.
func TestDump(t *testing.T) {
	f := os.Getenv("LAUNCH_DUMP")
	custom := f != ""
	if !custom {
		f = "testdata/rms_norm.cu"
	}
	out, res := dump(t, f, NewConfig("the bundled models", model.Bundled(), false))
	t.Log("\n" + out)
	t.Log(res.Cut)
	if custom {
		return
	}
	blocks := strings.Split(out, "site ")[1:]
	if len(blocks) != 3 {
		t.Fatalf("%d sites in the dump, want 3:\n%s", len(blocks), out)
	}
	for i, typ := range []string{"c10::BFloat16", "c10::Half", "float"} {
		b := blocks[i]
		if head := "rms_norm_kernel<" + typ + "> from rms_norm "; !strings.HasPrefix(b, head) {
			t.Errorf("site %d starts %q, want %q", i, firstLine(b), head)
		}
		last := -1
		for _, want := range []string{"\n  len(out) = ", "\n  len(input) = ", "\n  grid [", "\n  assume ", "\n  var "} {
			j := strings.Index(b, want)
			if j < 0 || j < last {
				t.Errorf("site %s: %q missing or out of order:\n%s", firstLine(b), want, b)
			}
			last = j
		}
		for _, want := range []string{" user num_tokens\n", " fixed hidden_size\n", " unknown pad\n"} {
			if !strings.Contains(b, want) {
				t.Errorf("site %s: no variable line ending %q", firstLine(b), want)
			}
		}
	}
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}

// The README says how many PyTorch functions are summarised.
func TestREADMECount(t *testing.T) {
	data, err := os.ReadFile("../../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	want := fmt.Sprintf("%d PyTorch members and functions are summarised", Functions())
	if !strings.Contains(string(data), want) {
		t.Errorf("README.md does not say %q", want)
	}
}

// The launcher's three dispatch cases each reach their instantiation; the
// kernel's input has numel = hidden_size × num_tokens elements, the grid
// is num_tokens, the sizes are classed by their names (hidden_size fixed,
// num_tokens user, pad unknown), and the TORCH_CHECK is an assumption.
func TestRMSNormLauncher(t *testing.T) {
	_, res := dump(t, "testdata/rms_norm.cu", NewConfig("the bundled models", model.Bundled(), false))
	var sites []*Site
	for k, ss := range res.Sites {
		if strings.HasPrefix(k.Name, "rms_norm_kernel<") {
			sites = append(sites, ss...)
		}
	}
	if len(sites) != 3 {
		t.Fatalf("%d launch sites of rms_norm_kernel, want 3 (float, half, bfloat16)", len(sites))
	}
	for _, s := range sites {
		classes := map[string]string{}
		for _, v := range s.Spec.Vars {
			classes[v.Display] = v.Class.String()
		}
		if classes["hidden_size"] != "fixed" || classes["num_tokens"] != "user" || classes["pad"] != "unknown" {
			t.Errorf("%s: classes %v", s.Launch.Kernel.Name, classes)
		}
		if len(s.Unresolved) != 1 || s.Unresolved[0] != "pad" {
			t.Errorf("%s: unresolved %v, want [pad]", s.Launch.Kernel.Name, s.Unresolved)
		}
		var input *ir.Var
		for _, p := range s.Launch.Kernel.Params {
			if p.Name == "input" {
				input = p
			}
		}
		if l := s.Spec.Lengths[input]; l == nil || !strings.Contains(l.String(), "input.numel()") {
			t.Errorf("%s: len(input) = %v", s.Launch.Kernel.Name, l)
		}
		if g := s.Spec.Grid[0]; g == nil || !strings.Contains(g.String(), "@num_tokens") && !strings.Contains(g.String(), "input.numel() / (input.size(-1))") {
			t.Errorf("%s: grid.x = %v", s.Launch.Kernel.Name, g)
		}
		check := false
		for _, a := range s.Spec.Assume {
			if strings.Contains(a.String(), "bvsrem") {
				check = true
			}
		}
		if !check {
			t.Errorf("%s: the TORCH_CHECK is not among the assumptions", s.Launch.Kernel.Name)
		}
	}
}

// The cache does not keep a program alive: once the program is
// collected, its entry goes (a language server loads one per edit).
func TestCacheReleasesPrograms(t *testing.T) {
	cfg := NewConfig("test", nil, false)
	func() {
		prog := &ir.Program{}
		Analyze(prog, cfg)
	}()
	for i := 0; i < 50; i++ {
		runtime.GC()
		left := 0
		cache.Range(func(k, _ any) bool {
			if k.(cacheKey).cfg == cfg {
				left++
			}
			return true
		})
		if left == 0 {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Error("the cache still holds a collected program's entry")
}

// -dump=sizes prints the instantiations of one dispatched launch in the
// order of their kernel names, the same bytes on every run (the sites come
// from a map).
func TestDumpOrder(t *testing.T) {
	prog, err := frontend.Load(&frontend.Config{}, "testdata/rms_norm.cu")
	if err != nil {
		t.Fatal(err)
	}
	cfg := NewConfig("the bundled models", model.Bundled(), false)
	var first string
	for i := 0; i < 8; i++ {
		var b strings.Builder
		Dump(&b, prog, cfg)
		if i == 0 {
			first = b.String()
			continue
		}
		if b.String() != first {
			t.Fatalf("run %d printed\n%s\nrun 0 printed\n%s", i, b.String(), first)
		}
	}
	var heads []string
	for _, l := range strings.Split(first, "\n") {
		if strings.Contains(l, ": rms_norm_kernel<") {
			heads = append(heads, l[strings.Index(l, ": ")+2:])
		}
	}
	if len(heads) != 3 || !sort.StringsAreSorted(heads) {
		t.Errorf("sites %q, want three in kernel-name order", heads)
	}
}

// A tensor the launcher never inspects (a caller-sized workspace) is not
// bounded by the device's memory: read as fitting on the device, a region
// carved from it at large sizes started past its end for every length it
// could have.
func TestUnsizedWorkspaceBound(t *testing.T) {
	_, res := dump(t, "testdata/workspace.cu", NewConfig("the bundled models", model.Bundled(), false))
	var site *Site
	for _, ss := range res.Sites {
		site = ss[0]
	}
	if site == nil {
		t.Fatal("no launch")
	}
	var ws *sym.Term
	for _, v := range site.Spec.Vars {
		if v.Display == "numel(workspace)" {
			ws = v.Term
		}
	}
	if ws == nil {
		t.Fatal("numel(workspace) is not a variable of the launch")
	}
	least := uint64(1<<63 - 1)
	for _, a := range site.Spec.Assume {
		if a.Op == sym.OpSle && a.Args[0] == ws {
			if c, ok := a.Args[1].Const(); ok {
				least = min(least, c)
			}
		}
	}
	if least != unsizedNumel {
		t.Errorf("numel(workspace) <= %d, want %d", least, uint64(unsizedNumel))
	}
}
