package launch

import (
	"fmt"
	"os"
	"sort"
	"strings"
	"testing"

	"github.com/cudavet/cudavet/checkers/internal/model"
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

func TestDump(t *testing.T) {
	f := os.Getenv("LAUNCH_DUMP")
	if f == "" {
		t.Skip("LAUNCH_DUMP not set")
	}
	out, res := dump(t, f, NewConfig("the bundled models", model.Bundled(), false))
	t.Log("\n" + out)
	t.Log(res.Cut)
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
