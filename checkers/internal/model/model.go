// Package model knows the sizes of real models: bundled Hugging Face
// profiles (profiles/*.json, each a subset of a model's config.json with
// its source), the size names kernels use for them, and the production
// limits of user-controlled sizes.
//
// A size name in a launcher or kernel ("hidden_size", "num_experts",
// "num_tokens") is classified by Classify:
//
//   - model-fixed (hidden size, heads, head size, experts, top-k,
//     vocabulary, intermediate size, quantization group and bits): it
//     takes the values the profiles give it (Profile.Values);
//   - user-controlled (tokens, batch, sequence length, cache blocks): it
//     ranges over [1, limit] (DefaultLimits, or the limits a run is
//     given: Limits);
//   - anything else: not classified (the caller decides; the launcher
//     analysis classifies it by its source, and gives a model-fixed size
//     no name describes the profile's dimension set, Profile.Dims).
//
// Files:
//
//	model.go    Profile, Lookup, Bundled, config.json mapping
//	names.go    Classify, Mutations
//	limits.go   DefaultLimits, Limits: the bounds of user-controlled sizes
package model

import (
	"embed"
	"encoding/json"
	"fmt"
	"os"
	"path"
	"slices"
	"sort"
	"strings"
	"sync"
)

//go:embed profiles/*.json
var profileFS embed.FS

// Profile is one model's fixed sizes.
type Profile struct {
	// Name is the profile's name ("Mixtral-8x7B-v0.1"); ID the name -model
	// takes ("mixtral-8x7b"), the file name without .json.
	Name, ID string
	// Source is where the values come from (the config.json's URL).
	Source string
	// Values maps a canonical size name (see Classify) to the values the
	// model gives it: most have one; intermediate_size has the dense and
	// the MoE value, head_size every head size the attention uses.
	Values map[string][]int64
	// MaxPosition is max_position_embeddings (0 if absent).
	MaxPosition int64
	// Dims is the model's dimension set: every width a parameter tensor
	// of the model has (hidden, intermediate, 2 × intermediate, the q/k/v
	// projection width, head size, rotary dim, vocabulary, experts...),
	// each with the formula that gives it ("2 × intermediate_size"). Its
	// values are Values[DimSet].
	Dims map[int64]string
	// MaxWeight is the elements of the model's largest parameter tensor:
	// the output head or embedding (vocabulary × hidden), a fused
	// gate/up or qkv projection, or all experts' gate/up weights stacked
	// ([experts, 2 × intermediate, hidden], as fused-MoE kernels take
	// them).
	MaxWeight int64
}

// DimSet is the canonical name of a dimension of a parameter tensor, or of
// an activation the launcher relates to one: it takes the values of the
// profile's dimension set (Profile.Dims).
const DimSet = "model_dim"

// Bundled returns the bundled profiles, sorted by ID. They are read once
// and shared: callers must not change them.
func Bundled() []*Profile { return slices.Clone(bundledProfiles()) }

var bundledProfiles = sync.OnceValue(func() []*Profile {
	ents, _ := profileFS.ReadDir("profiles")
	var out []*Profile
	for _, e := range ents {
		data, err := profileFS.ReadFile("profiles/" + e.Name())
		if err != nil {
			panic(err) // embedded: cannot fail
		}
		p, err := FromConfig(strings.TrimSuffix(e.Name(), ".json"), data)
		if err != nil {
			panic(fmt.Sprintf("bundled profile %s: %v", e.Name(), err))
		}
		out = append(out, p)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
})

// Lookup returns the profiles -model names: "all" (every bundled
// profile), a bundled profile's ID or name (case-insensitive), or the
// path of a config.json. Several may be given, separated by commas.
func Lookup(spec string) ([]*Profile, error) {
	var out []*Profile
	for _, s := range strings.Split(spec, ",") {
		s = strings.TrimSpace(s)
		switch {
		case s == "":
			continue
		case s == "all":
			out = append(out, Bundled()...)
		case strings.HasSuffix(s, ".json") || strings.ContainsRune(s, os.PathSeparator):
			data, err := os.ReadFile(s)
			if err != nil {
				return nil, fmt.Errorf("model profile: %w", err)
			}
			p, err := FromConfig(strings.TrimSuffix(path.Base(s), ".json"), data)
			if err != nil {
				return nil, fmt.Errorf("model profile %s: %w", s, err)
			}
			out = append(out, p)
		default:
			p := bundled(s)
			if p == nil {
				return nil, fmt.Errorf("unknown model %q (bundled: %s; or give a config.json path)", s, strings.Join(IDs(), ", "))
			}
			out = append(out, p)
		}
	}
	return out, nil
}

// IDs lists the bundled profiles' IDs.
func IDs() []string {
	var ids []string
	for _, p := range Bundled() {
		ids = append(ids, p.ID)
	}
	return ids
}

func bundled(name string) *Profile {
	for _, p := range Bundled() {
		if strings.EqualFold(p.ID, name) || strings.EqualFold(p.Name, name) {
			return p
		}
	}
	return nil
}

// config is the part of a Hugging Face config.json that gives sizes.
type config struct {
	Name, Source          string
	Hidden, NEmbd, DModel int64
	Intermediate, MoEInt  int64
	Heads, KVHeads        int64
	HeadDim               int64
	QKNope, QKRope, VHead int64
	KVLoRA, QLoRA         int64
	LocalExperts, Routed  int64
	Experts, PerTok       int64
	ExpertsPerToken       int64
	Vocab                 int64
	MaxPos                int64
	PartialRotary         float64
	Quant                 *struct {
		Bits      int64   `json:"bits"`
		WBit      int64   `json:"w_bit"`
		GroupSize int64   `json:"group_size"`
		QGroup    int64   `json:"q_group_size"`
		Block     []int64 `json:"weight_block_size"`
	}
}

func (c *config) UnmarshalJSON(data []byte) error {
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		return err
	}
	ints := map[string]*int64{
		"hidden_size": &c.Hidden, "n_embd": &c.NEmbd, "d_model": &c.DModel,
		"intermediate_size": &c.Intermediate, "moe_intermediate_size": &c.MoEInt,
		"num_attention_heads": &c.Heads, "num_key_value_heads": &c.KVHeads, "head_dim": &c.HeadDim,
		"qk_nope_head_dim": &c.QKNope, "qk_rope_head_dim": &c.QKRope, "v_head_dim": &c.VHead,
		"kv_lora_rank": &c.KVLoRA, "q_lora_rank": &c.QLoRA,
		"num_local_experts": &c.LocalExperts, "n_routed_experts": &c.Routed, "num_experts": &c.Experts,
		"num_experts_per_tok": &c.PerTok, "experts_per_token": &c.ExpertsPerToken,
		"vocab_size": &c.Vocab, "max_position_embeddings": &c.MaxPos,
	}
	for k, dst := range ints {
		if v, ok := raw[k]; ok && string(v) != "null" {
			var f float64
			if err := json.Unmarshal(v, &f); err != nil {
				return fmt.Errorf("%s: %w", k, err)
			}
			*dst = int64(f)
		}
	}
	str := func(k string, dst *string) {
		if v, ok := raw[k]; ok {
			_ = json.Unmarshal(v, dst)
		}
	}
	str("_name", &c.Name)
	str("_source", &c.Source)
	if v, ok := raw["partial_rotary_factor"]; ok {
		_ = json.Unmarshal(v, &c.PartialRotary)
	}
	if v, ok := raw["quantization_config"]; ok && string(v) != "null" {
		if err := json.Unmarshal(v, &c.Quant); err != nil {
			return fmt.Errorf("quantization_config: %w", err)
		}
	}
	return nil
}

// FromConfig reads a Hugging Face config.json into a profile named id.
func FromConfig(id string, data []byte) (*Profile, error) {
	var c config
	if err := json.Unmarshal(data, &c); err != nil {
		return nil, err
	}
	p := &Profile{ID: id, Name: c.Name, Source: c.Source, Values: map[string][]int64{}, MaxPosition: c.MaxPos}
	if p.Name == "" {
		p.Name = id
	}
	add := func(name string, vs ...int64) {
		for _, v := range vs {
			if v > 0 && !slices.Contains(p.Values[name], v) {
				p.Values[name] = append(p.Values[name], v)
			}
		}
	}
	add("hidden_size", first(c.Hidden, c.NEmbd, c.DModel))
	add("intermediate_size", c.Intermediate, c.MoEInt)
	add("num_heads", c.Heads)
	add("num_kv_heads", first(c.KVHeads, c.Heads))
	head := c.HeadDim
	if head == 0 && c.Heads > 0 && p.Values["hidden_size"] != nil && c.QKNope == 0 {
		head = p.Values["hidden_size"][0] / c.Heads
	}
	add("head_size", head)
	if c.QKNope > 0 { // multi-head latent attention (DeepSeek): q/k, v and the latent cache's head sizes
		add("head_size", c.QKNope+c.QKRope, c.VHead, c.KVLoRA+c.QKRope)
	}
	rot := c.QKRope
	if rot == 0 && head > 0 {
		rot = head
		if c.PartialRotary > 0 {
			rot = int64(float64(head) * c.PartialRotary)
		}
	}
	add("rotary_dim", rot)
	add("num_experts", first(c.LocalExperts, c.Routed, c.Experts))
	add("topk", first(c.PerTok, c.ExpertsPerToken))
	add("vocab_size", c.Vocab)
	add("kv_lora_rank", c.KVLoRA)
	add("q_lora_rank", c.QLoRA)
	if q := c.Quant; q != nil {
		add("bits", first(q.Bits, q.WBit))
		add("group_size", first(q.GroupSize, q.QGroup))
		if len(q.Block) == 2 {
			add("group_size", q.Block[1])
		}
	}
	if len(p.Values["hidden_size"]) == 0 {
		return nil, fmt.Errorf("no hidden_size (or n_embd, d_model) in the config")
	}
	// d: the innermost dimension of an activation: the hidden or the
	// intermediate size.
	add("d", p.Values["hidden_size"]...)
	add("d", p.Values["intermediate_size"]...)
	p.dims(c)
	return p, nil
}

// dims fills the dimension set: the widths of the model's weights,
// scales, embeddings and caches, first formula kept for each value.
func (p *Profile) dims(c config) {
	p.Dims = map[int64]string{}
	put := func(v int64, why string) {
		if _, ok := p.Dims[v]; v > 0 && !ok {
			p.Dims[v] = why
			p.Values[DimSet] = append(p.Values[DimSet], v)
		}
	}
	for _, h := range p.Values["hidden_size"] {
		put(h, "hidden_size")
	}
	for i, v := range p.Values["intermediate_size"] {
		name := "intermediate_size"
		if i > 0 || (c.Intermediate == 0 && c.MoEInt > 0) {
			name = "moe_intermediate_size"
		}
		put(v, name)
		put(2*v, "2 × "+name)
	}
	heads, kv := c.Heads, first(c.KVHeads, c.Heads)
	for _, hd := range p.Values["head_size"] {
		put(hd, "head_dim")
		put(heads*hd, "num_attention_heads × head_dim")
		put(kv*hd, "num_key_value_heads × head_dim")
		put((heads+2*kv)*hd, "(num_attention_heads + 2 × num_key_value_heads) × head_dim")
	}
	for _, r := range p.Values["rotary_dim"] {
		put(r, "rotary_dim")
	}
	for _, name := range []string{"vocab_size", "num_experts", "topk", "group_size", "kv_lora_rank", "q_lora_rank", "num_heads", "num_kv_heads"} {
		for _, v := range p.Values[name] {
			put(v, name)
		}
	}
	if g := first(p.Values["group_size"]...); g > 0 {
		for _, h := range p.Values["hidden_size"] {
			put(h/g, "hidden_size / group_size")
		}
	}
	slices.Sort(p.Values[DimSet])
	p.MaxWeight = p.maxWeight(c)
}

// maxWeight computes MaxWeight: the largest of the weights the config
// implies (a latent-attention projection is smaller than the output
// head of every such model, and a router than an expert).
func (p *Profile) maxWeight(c config) int64 {
	var m int64
	experts := max(first(p.Values["num_experts"]...), 1)
	heads, kv := c.Heads, first(c.KVHeads, c.Heads)
	for _, h := range p.Values["hidden_size"] {
		for _, v := range p.Values["vocab_size"] {
			m = max(m, h*v)
		}
		for i, inter := range p.Values["intermediate_size"] {
			m = max(m, 2*inter*h)
			if i > 0 || c.Intermediate == 0 || c.MoEInt == 0 {
				m = max(m, experts*2*inter*h) // the MoE layer's intermediate
			}
		}
		for _, hd := range p.Values["head_size"] {
			m = max(m, (heads+2*kv)*hd*h)
		}
	}
	return m
}

func first(vs ...int64) int64 {
	for _, v := range vs {
		if v > 0 {
			return v
		}
	}
	return 0
}

// Union returns, for each canonical name, the sorted union of the
// profiles' values, and for each value the profiles that give it.
func Union(ps []*Profile) (map[string][]int64, map[string]map[int64][]string) {
	vals := map[string][]int64{}
	who := map[string]map[int64][]string{}
	for _, p := range ps {
		for name, vs := range p.Values {
			if who[name] == nil {
				who[name] = map[int64][]string{}
			}
			for _, v := range vs {
				if !slices.Contains(vals[name], v) {
					vals[name] = append(vals[name], v)
				}
				who[name][v] = append(who[name][v], p.Name)
			}
		}
	}
	for _, vs := range vals {
		sort.Slice(vs, func(i, j int) bool { return vs[i] < vs[j] })
	}
	return vals, who
}
