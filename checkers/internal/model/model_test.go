package model

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// Every bundled profile has a name, a source and a hidden size; the
// issue's models are there.
func TestBundled(t *testing.T) {
	ps := Bundled()
	if len(ps) < 12 {
		t.Fatalf("%d bundled profiles, want at least 12", len(ps))
	}
	for _, p := range ps {
		if p.Name == "" || p.Source == "" || len(p.Values["hidden_size"]) == 0 {
			t.Errorf("%s: name %q source %q hidden %v", p.ID, p.Name, p.Source, p.Values["hidden_size"])
		}
	}
	for _, id := range []string{"llama-3-8b", "llama-3.1-70b", "mistral-7b", "mixtral-8x7b", "qwen2.5-7b", "qwen2.5-72b", "deepseek-v3", "gemma-2-9b", "phi-3-mini"} {
		if _, err := Lookup(id); err != nil {
			t.Error(err)
		}
	}
}

// config.json keys map to size names: MoE and MLA fields, derived head
// sizes and quantization settings.
func TestFromConfig(t *testing.T) {
	ds, err := Lookup("deepseek-v3")
	if err != nil {
		t.Fatal(err)
	}
	v := ds[0].Values
	if !slices.Equal(v["num_experts"], []int64{256}) || !slices.Equal(v["topk"], []int64{8}) ||
		!slices.Contains(v["head_size"], 576) || !slices.Contains(v["intermediate_size"], 2048) || !slices.Equal(v["group_size"], []int64{128}) {
		t.Errorf("DeepSeek-V3 values %v", v)
	}
	llama, _ := Lookup("Llama-3-8B")
	if got := llama[0].Values["head_size"]; !slices.Equal(got, []int64{128}) {
		t.Errorf("Llama-3-8B head size %v, want hidden/heads = 128", got)
	}
	path := filepath.Join(t.TempDir(), "my-model.json")
	os.WriteFile(path, []byte(`{"hidden_size": 5120, "num_attention_heads": 40, "quantization_config": {"bits": 4, "group_size": 64}}`), 0o644)
	ps, err := Lookup(path)
	if err != nil || ps[0].ID != "my-model" || !slices.Equal(ps[0].Values["bits"], []int64{4}) || !slices.Equal(ps[0].Values["head_size"], []int64{128}) {
		t.Errorf("config.json profile %+v, %v", ps, err)
	}
	if _, err := Lookup("no-such-model"); err == nil {
		t.Error("an unknown model is accepted")
	}
	if _, err := FromConfig("x", []byte(`{"vocab_size": 1}`)); err == nil {
		t.Error("a config without a hidden size is accepted")
	}
}

// Names classify sizes; others are unclassified.
func TestClassify(t *testing.T) {
	for _, tc := range []struct {
		name  string
		kind  Kind
		canon string
	}{
		{"hidden_size", Fixed, "hidden_size"},
		{"num_local_experts", Fixed, "num_experts"},
		{"topK", Fixed, "topk"},
		{"params.head_dim", Fixed, "head_size"},
		{"num_tokens", User, "num_tokens"},
		{"num_seqs", User, "batch"},
		{"max_seq_len", User, "seq_len"},
		{"num_qo_heads", Fixed, "num_heads"},
		{"nbKHeads", Fixed, "num_kv_heads"},
		{"batchSize", User, "batch"},
		{"tokenCount", User, "num_tokens"},
		{"expertCount", Fixed, "num_experts"},
		{"numExpertsPerToken", Fixed, "topk"},
		{"kHeadDim", Unclassified, ""},
		{"M", Unclassified, ""},
		{"stride", Unclassified, ""},
	} {
		if k, c := Classify(tc.name); k != tc.kind || c != tc.canon {
			t.Errorf("Classify(%q) = %v %q, want %v %q", tc.name, k, c, tc.kind, tc.canon)
		}
	}
}

// The dimension set holds the widths of a model's weights with their
// formulas: 2 × intermediate for gate_up, the q/k/v width, the vocabulary.
func TestDims(t *testing.T) {
	ps, err := Lookup("llama-3-8b")
	if err != nil {
		t.Fatal(err)
	}
	d := ps[0].Dims
	for v, want := range map[int64]string{
		4096: "hidden_size", 14336: "intermediate_size", 28672: "2 × intermediate_size",
		6144: "(num_attention_heads + 2 × num_key_value_heads) × head_dim", 128: "head_dim", 128256: "vocab_size",
	} {
		if d[v] != want {
			t.Errorf("Dims[%d] = %q, want %q", v, d[v], want)
		}
	}
	if !slices.Contains(ps[0].Values[DimSet], 28672) || !slices.IsSorted(ps[0].Values[DimSet]) {
		t.Errorf("Values[DimSet] = %v", ps[0].Values[DimSet])
	}
}

func TestLimits(t *testing.T) {
	l, err := ParseLimits(" num_tokens=262144, batch=0x40 ")
	if err != nil || l.Of("num_tokens") != 262144 || l.Of("batch") != 64 || l.Of("seq_len") != 1<<21 || l.String() != "batch=64,num_tokens=262144" {
		t.Errorf("ParseLimits: %v %v", l, err)
	}
	if Limits(nil).Of("numel") != 1<<36 || DefaultLimits().Of("block_size") != 256 {
		t.Error("defaults")
	}
	DefaultLimits()["batch"] = 1 // a copy: the defaults stay
	if Limits(nil).Of("batch") != 4096 {
		t.Error("DefaultLimits returned the defaults themselves")
	}
	lat := l.Latent()
	if lat.Of("num_tokens") != 262144*LatentFactor || lat.Of("seq_len") != 1<<21*LatentFactor || lat.Of("numel") != MaxLimit {
		t.Errorf("Latent: %v", lat)
	}
	for spec, want := range map[string]string{
		"tokens=5":       `unknown user size "tokens" (valid: batch, block_size, num_blocks, num_splits, num_tokens, numel, seq_len)`,
		"batch":          `"batch": want name=limit`,
		"batch=0":        "limit of batch: 0, want 1 to 1099511627776",
		"seq_len=lots":   `limit of seq_len: "lots" is not an integer`,
		"numel=1<<20":    `limit of numel: "1<<20" is not an integer`,
		"num_blocks=-16": "limit of num_blocks: -16, want 1 to",
	} {
		if _, err := ParseLimits(spec); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("ParseLimits(%q): %v, want %q", spec, err, want)
		}
	}
}

// MaxWeight is the largest parameter tensor.
func TestMaxWeight(t *testing.T) {
	for _, tc := range []struct {
		id   string
		want int64
	}{
		{"llama-3-8b", 128256 * 4096},          // the output head
		{"mixtral-8x7b", 8 * 2 * 14336 * 4096}, // the experts' gate/up, stacked
		{"deepseek-v3", 256 * 2 * 2048 * 7168}, // likewise
	} {
		ps, err := Lookup(tc.id)
		if err != nil {
			t.Fatal(err)
		}
		p := ps[0]
		if p.MaxWeight != tc.want {
			t.Errorf("%s: MaxWeight = %d, want %d", tc.id, p.MaxWeight, tc.want)
		}
	}
}
