package launch

import (
	"regexp"
	"testing"

	"github.com/cudavet/cudavet/checkers/internal/model"
	"github.com/cudavet/cudavet/frontend"
)

// TestOptionalNulls checks the null condition the launcher gives each
// pointer argument: false for a tensor's data, true for nullptr and for
// an optional the caller passes std::nullopt, the absence of the optional
// (or of the tensor an undefined one was replaced by) otherwise; a flag
// computed as bias_ptr != nullptr is the presence of bias.
func TestOptionalNulls(t *testing.T) {
	prog, err := frontend.Load(&frontend.Config{}, "testdata/optional.cu")
	if err != nil {
		t.Fatal(err)
	}
	res := Analyze(prog, NewConfig("the bundled models", model.Bundled(), false))
	var sites []*Site
	for _, ss := range res.Sites {
		sites = append(sites, ss...)
	}
	if len(sites) != 1 {
		t.Fatalf("%d sites, want 1", len(sites))
	}
	s := sites[0]
	ids := regexp.MustCompile(`#\d+`)
	want := map[string]string{
		"out":      "false",
		"bias":     "(not @bias.has_value())",
		"scale":    "(not @scale.has_value())",
		"state":    "true",
		"lse":      "(not @return_lse)",
		"zero":     "true",
		"fallback": "(not @scale.has_value())",
	}
	for _, p := range s.Launch.Kernel.Params {
		w, ok := want[p.Name]
		if !ok {
			continue
		}
		got := "<none>"
		if n := s.Spec.Nulls[p]; n != nil {
			got = ids.ReplaceAllString(n.String(), "")
		}
		if got != w {
			t.Errorf("null(%s) = %s, want %s", p.Name, got, w)
		}
		delete(want, p.Name)
	}
	for _, p := range s.Launch.Kernel.Params {
		if p.Name == "has_bias" {
			if got := ids.ReplaceAllString(s.Spec.Params[p].String(), ""); got != "@bias.has_value()" {
				t.Errorf("has_bias = %s, want @bias.has_value()", got)
			}
		}
	}
}
