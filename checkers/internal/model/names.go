package model

import (
	"slices"
	"strings"
	"unicode"
)

// Kind says where a size's value comes from.
type Kind int

// Size kinds.
const (
	// Unclassified: the name says nothing about the size.
	Unclassified Kind = iota
	// Fixed: set by the model (Profile.Values).
	Fixed
	// User: set by the request mix, up to a limit (DefaultLimits).
	User
)

// fixedNames maps the spellings kernels use for a model-fixed size to its
// canonical name (the key of Profile.Values).
var fixedNames = map[string]string{}

// userNames maps the spellings of user-controlled sizes to their
// canonical name (the key of DefaultLimits).
var userNames = map[string]string{}

func init() {
	for canon, names := range map[string][]string{
		"hidden_size":       {"hidden_size", "hidden_dim", "hidden", "d_model", "hiddensize", "embed_dim", "n_embd", "model_dim"},
		"intermediate_size": {"intermediate_size", "inter_size", "ffn_dim", "ffn_size", "moe_intermediate_size", "intermediate_dim"},
		"num_heads":         {"num_heads", "num_attention_heads", "n_heads", "nheads", "num_q_heads", "num_qo_heads", "num_query_heads", "num_heads_q", "head_num", "num_head"},
		"num_kv_heads":      {"num_kv_heads", "num_key_value_heads", "n_kv_heads", "nheads_k", "num_heads_kv", "num_kv_head", "kv_head_num", "nb_k_heads", "nb_kv_heads"},
		"head_size":         {"head_size", "head_dim", "headdim", "head_dimension", "qk_head_dim", "headsize", "head_sz"},
		"rotary_dim":        {"rotary_dim", "rot_dim", "rope_dim", "rotary_ndims"},
		"num_experts":       {"num_experts", "n_experts", "num_local_experts", "num_local_expert", "n_local_experts", "local_num_experts", "expert_count", "num_experts_per_node", "n_routed_experts", "num_expert", "expert_num", "global_num_experts", "num_total_experts"},
		"topk":              {"topk", "top_k", "num_experts_per_tok", "n_experts_per_tok", "experts_per_token", "num_experts_per_token", "num_topk"},
		"vocab_size":        {"vocab_size", "vocab", "vocab_sz"},
		"group_size":        {"group_size", "quant_group_size", "groupsize", "q_group_size"},
		"bits":              {"bits", "num_bits", "weight_bits", "w_bit", "quant_bits"},
		"kv_lora_rank":      {"kv_lora_rank"},
		"q_lora_rank":       {"q_lora_rank"},
		"d":                 {"d"},
	} {
		for _, n := range names {
			fixedNames[n] = canon
		}
	}
	for canon, names := range map[string][]string{
		"num_tokens": {"num_tokens", "tokens", "n_tokens", "ntokens", "total_tokens", "num_tokens_post_pad", "num_tokens_post_padded",
			"token_num", "token_count", "num_toks", "m_tokens", "num_actual_tokens"},
		"batch":      {"batch", "batch_size", "bs", "bsz", "num_seqs", "num_reqs", "num_requests", "num_sequences"},
		"seq_len":    {"seq_len", "seqlen", "max_seq_len", "seq_length", "context_len", "max_context_len", "kv_len", "max_model_len", "max_seqlen", "max_seq_length", "num_kv_tokens", "seq_lens"},
		"num_blocks": {"num_blocks", "num_cache_blocks", "num_kv_blocks", "num_gpu_blocks", "max_num_blocks_per_seq", "max_num_blocks"},
		"block_size": {"block_size", "page_size", "cache_block_size"},
		"numel":      {"numel", "num_elements", "n_elements", "total_elements", "num_elems", "n_elems"},
		"num_splits": {"num_splits", "split_k", "split_k_iters", "splitk", "num_kv_splits", "max_num_partitions", "num_partitions"},
	} {
		for _, n := range names {
			userNames[n] = canon
		}
	}
}

// DeviceMemory bounds the bytes of one tensor: 141 GB, an H200's memory.
var DeviceMemory int64 = 141_000_000_000

// Classify returns the kind of a size name and its canonical name. The
// last component of a dotted or scoped name is matched lowercased, then,
// written in camelCase, as the snake_case name it spells (batchSize is
// batch_size, nbKHeads nb_k_heads, as TensorRT-LLM and XQA write them).
func Classify(name string) (Kind, string) {
	if i := strings.LastIndexAny(name, ".:>"); i >= 0 {
		name = name[i+1:]
	}
	for _, n := range []string{strings.ToLower(name), snake(name)} {
		n = strings.Trim(n, "_")
		if c, ok := fixedNames[n]; ok {
			return Fixed, c
		}
		if c, ok := userNames[n]; ok {
			return User, c
		}
	}
	return Unclassified, ""
}

// snake spells a camelCase name in snake_case: an underscore before each
// upper-case letter that follows a lower-case letter or a digit, or that
// starts a word after an upper-case run (nbKHeads: nb_k_heads), lowercased.
func snake(name string) string {
	var b strings.Builder
	rs := []rune(name)
	for i, r := range rs {
		if unicode.IsUpper(r) && i > 0 && rs[i-1] != '_' {
			prev := rs[i-1]
			next := i+1 < len(rs) && unicode.IsLower(rs[i+1])
			if unicode.IsLower(prev) || unicode.IsDigit(prev) || (unicode.IsUpper(prev) && next) {
				b.WriteByte('_')
			}
		}
		b.WriteRune(unicode.ToLower(r))
	}
	return b.String()
}

// Mutations are the valid variants -mutate adds to the profiles' values:
// expert counts, top-k, head sizes and quantization settings that shipped
// models use, to reach template instantiations and branches the stock
// configs miss.
var Mutations = map[string][]int64{
	"num_experts":  {1, 8, 16, 32, 60, 64, 128, 160, 256, 384, 512},
	"topk":         {1, 2, 4, 6, 8, 10, 16},
	"head_size":    {32, 64, 80, 96, 112, 120, 128, 192, 256, 512, 576},
	"rotary_dim":   {32, 64, 128},
	"num_kv_heads": {1, 2, 4, 8, 16},
	"bits":         {2, 3, 4, 8},
	"group_size":   {32, 64, 128, 256},
}

// Mutate returns the values of ps extended by Mutations.
func Mutate(vals map[string][]int64) map[string][]int64 {
	out := map[string][]int64{}
	for k, vs := range vals {
		out[k] = append([]int64(nil), vs...)
	}
	for k, vs := range Mutations {
		for _, v := range vs {
			if !slices.Contains(out[k], v) {
				out[k] = append(out[k], v)
			}
		}
	}
	return out
}
