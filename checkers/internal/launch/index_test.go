package launch

import (
	"strings"
	"testing"

	"github.com/cudavet/cudavet/checkers/internal/model"
)

// TestIndexes: the const index parameters a kind names get the size of
// the dimension their entries index, from the tensor or the scalar the
// launch passes; the others get none.
func TestIndexes(t *testing.T) {
	_, res := dump(t, "testdata/index_tensors.cu", NewConfig("the bundled models", model.Bundled(), false))
	want := map[string]map[string]string{
		"paged_kernel":   {"block_tables": "key_cache.size(0)"},
		"rotary_kernel":  {"positions": "cos_sin_cache.size(0)"},
		"experts_kernel": {"topk_ids": "num_experts", "expert_map": "num_experts"},
		"other_kernel":   {},
	}
	seen := 0
	for k, sites := range res.Sites {
		w, ok := want[k.Name]
		if !ok {
			continue
		}
		seen++
		if len(sites) != 1 {
			t.Fatalf("%s: %d sites, want 1", k.Name, len(sites))
		}
		got := map[string]string{}
		for p, n := range sites[0].Spec.Indexes {
			got[p.Name] = n.String()
		}
		if len(got) != len(w) {
			t.Errorf("%s: indexes %v, want %v", k.Name, got, w)
		}
		for p, sub := range w {
			if !strings.Contains(got[p], sub) {
				t.Errorf("%s: index bound of %s = %q, want one of %s", k.Name, p, got[p], sub)
			}
		}
		for p := range sites[0].Spec.Sentinels {
			if p.Name != "expert_map" {
				t.Errorf("%s: %s may hold -1, want only expert_map", k.Name, p.Name)
			}
		}
	}
	if seen != len(want) {
		t.Errorf("%d of the %d kernels launched", seen, len(want))
	}
}

// TestStructFields: the fields of a params struct passed by value are
// what the launcher stored: integers as terms, pointers as the bytes to
// their tensor's end (past an offset, fewer); a field of unknown value
// has no entry.
func TestStructFields(t *testing.T) {
	_, res := dump(t, "testdata/params_struct.cu", NewConfig("the bundled models", model.Bundled(), false))
	for k, sites := range res.Sites {
		if k.Name != "copy_kernel" {
			continue
		}
		if len(sites) != 1 || len(k.Params) != 1 {
			t.Fatalf("%d sites, %d params, want 1 and 1", len(sites), len(k.Params))
		}
		fs := sites[0].Spec.Fields[k.Params[0]]
		got := map[string]string{}
		for name, f := range fs {
			switch {
			case f.Value != nil:
				got[name] = "value " + f.Value.String()
			case f.Bytes != nil:
				got[name] = "bytes " + f.Bytes.String()
			default:
				got[name] = "none"
			}
		}
		for name, sub := range map[string]string{
			"hidden": "value", "rows": "value", "out": "bytes", "in": "bytes",
		} {
			if !strings.HasPrefix(got[name], sub) {
				t.Errorf("field %s: %q, want %s", name, got[name], sub)
			}
		}
		if !strings.Contains(got["in"], "-") {
			t.Errorf("field in: %q, want the bytes less the offset", got["in"])
		}
		if _, ok := got["devices"]; ok {
			t.Errorf("field devices bound to %q, want no entry (an unsummarised call)", got["devices"])
		}
		return
	}
	t.Fatal("copy_kernel not launched")
}
