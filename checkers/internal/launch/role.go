package launch

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/cudavet/cudavet/checkers/internal/model"
)

// paramTensor matches the names of parameter tensors: weights, their
// quantisation scales and zero points, biases, embedding and LM-head
// tables, rotary caches, norms' gammas, expert weights. Their dimensions
// are set by the model.
var paramTensor = regexp.MustCompile(`weight|^w\d*$|^w\d*_|^wq|^wk|^wv|^wo$|qweight|qzeros|zeros|zero_point|scales?$|^scale|scaling_factors?|bias|embed|lm_head|cos_sin|^cos$|^sin$|inv_freq|gamma|beta|^kernel|codebook|lut`)

// weightTensor matches the names of parameter tensors that hold a
// layer's weights (not its scales, biases or rotary tables), and
// excludes the activations named after weights (topk_weights,
// attn_weights).
var weightTensor = regexp.MustCompile(`weight|^w\d*$|^w\d*_|^wq|^wk|^wv|^wo$|^kernel|lm_head|codebook`)
var notWeight = regexp.MustCompile(`topk|attn|router|routing|score|prob`)

// isWeight reports whether a tensor of that name is a layer's weight,
// bounded by the model's largest (weightBound).
func isWeight(name string) bool {
	n := strings.Trim(strings.ToLower(name), "_")
	return weightTensor.MatchString(n) && !notWeight.MatchString(n)
}

// isParam reports whether a tensor of that name holds model parameters.
func isParam(name string) bool {
	return paramTensor.MatchString(strings.Trim(strings.ToLower(name), "_"))
}

// perSeqTensor matches the names of a varlen batch's per-sequence
// metadata: lengths, cumulative offsets and index pointers
// (cu_seqlens, seq_lens, query_start_loc, FlashInfer's kv_indptr and
// last_page_len). They have one entry per sequence, or one more, so their
// rows and numel range up to the batch limit plus one, not up to a
// tensor's numel.
var perSeqTensor = regexp.MustCompile(`^cu_?seq_?lens?(_[qk])?$|^cu_seqlens|^(seq|context|kv|q|query|ctx)_?lens?$|^(query|seq|q|kv)_start_locs?$|indptr$|last_page_lens?$|^cu_(q|kv|k)_lens$`)

// layoutOnly is role's canon for the strides of a tensor whose shape the
// code never asks: unknown (causeLayout).
const layoutOnly = "layout"

// batchOffsets is the canonical name of a per-sequence metadata size:
// batch + 1 at most (LimitOf).
const batchOffsets = "batch_offsets"

// LimitOf is the inclusive upper bound of a user-controlled size of
// canonical name canon (symex.VarInfo.Canon) under l.
func LimitOf(l model.Limits, canon string) int64 {
	if canon == batchOffsets {
		return l.Of("batch") + 1
	}
	return l.Of(canon)
}

// restDims is the class of the dimensions of a parameter tensor the code
// did not ask for: none (1) or one of the dimension set.
const restDims = "model_rest"

// restNone is the class of the dimensions behind three asked from the
// front of an activation, or behind two and the numel: none (1).
const restNone = "model_rest_none"

// role classifies a size no name classifies by where it comes from:
//
//   - a dimension of a parameter tensor, and any dimension of an
//     activation but its first, is model-fixed: it takes the values of
//     the profiles' dimension sets (model.DimSet);
//   - the first dimension of an activation or output (its rows: tokens,
//     batch, sequences, cache blocks) is user-controlled, up to the
//     token limit;
//   - the numel of an activation is user-controlled up to the numel
//     limit; numel over the dimensions the code asked for is its rows
//     when it asked for the last ones (up to the token limit), and its
//     inner dimensions, model-fixed like a parameter's, when it asked
//     only for the first ones.
//
// Sizes that come from no tensor (integers no name classifies, returned
// by helpers the analysis does not summarise) stay unclassified.
func role(h *hvar) (class, string) {
	if h.ten == nil {
		return unclassified, ""
	}
	param := isParam(h.ten.name)
	perSeq := perSeqTensor.MatchString(strings.Trim(strings.ToLower(h.ten.name), "_"))
	switch {
	case h.kind == restVar && !h.ten.asked && h.ten.inspected && !param:
		// The strides of an activation whose shape the code never asks
		// (prefix_output.stride(1) beside output.size(0..2)): the layout
		// of what the caller passes, tied to no model dimension and to
		// none of the tensors the code does measure. Read as a model
		// width, a head stride of 221,184 wrapped a merge's offsets at
		// 152 tokens.
		return unclassified, layoutOnly
	case perSeq && h.kind == restVar && len(h.ten.lead)+len(h.ten.trail) == 0,
		perSeq && h.kind != restVar && (h.front == 0 || h.back == 1):
		// The entries of a per-sequence array: one per sequence, or one
		// more.
		return userClass, batchOffsets
	case h.kind == restVar && h.ten.rest != h.term:
		// A rest since split (numel, numel / size(0)): the product of
		// the dimensions it was split into, which the facts define.
		return userClass, "numel"
	case h.kind == restVar && param:
		return fixedClass, restDims
	case h.kind == restVar && len(h.ten.lead) >= 3 && len(h.ten.trail) == 0:
		// Three leading dimensions asked ([num_tokens, num_heads,
		// head_size] through size(0..2)): the code reads the tensor as
		// that shape, and nothing is behind it. As a model dimension the
		// rest made key's rows 36,864 times too wide, and a launcher's
		// int stride(0) of them wrap.
		return fixedClass, restNone
	case h.kind == restVar && len(h.ten.lead) == 2 && len(h.ten.trail) == 0 && h.ten.numelAsked && !h.ten.strided && !param:
		// size(0), size(1) and numel asked, no stride: the code reads
		// the tensor as [rows, width] (topk_ids: numel / size(1) is its
		// tokens) and nothing is behind it. As a model dimension the
		// rest made a router's topk_ids 2^36 elements and its token
		// count wrap an int.
		return fixedClass, restNone
	case h.kind == restVar && len(h.ten.lead) > 0 && len(h.ten.trail) == 0:
		// The dimensions after the ones asked for from the front (query
		// [num_seqs, num_heads, head_size] after size(0..2), or the row
		// width behind stride(0)): model dimensions or none, like a
		// parameter's, never a count of rows.
		return fixedClass, restDims
	case h.kind == restVar && len(h.ten.lead)+len(h.ten.trail) > 0:
		// numel over the dimensions asked for: the rows of a [rows,
		// hidden] activation (or rows × heads), limited like tokens, not
		// like a whole tensor's elements.
		return userClass, "num_tokens"
	case h.kind == restVar:
		return userClass, "numel"
	case h.ten.rows != nil && !param && h.back >= 2:
		// In front of the width of a tensor read as rows × width
		// (rowsQuotient): a dimension of the rows.
		return userClass, "num_tokens"
	case param || h.front != 0:
		return fixedClass, model.DimSet
	}
	return userClass, "num_tokens"
}

// source says where a size comes from, for messages: "rows of input",
// "columns of weight", "last dim of x", "numel of x".
func source(h *hvar) string {
	if h.ten == nil {
		return ""
	}
	n := h.ten.name
	switch {
	case h.kind == restVar && len(h.ten.lead)+len(h.ten.trail) == 0:
		return "numel of " + n
	case h.kind == restVar:
		return "inner dims of " + n
	case h.front == 0:
		return "rows of " + n
	case h.front == 1:
		return "columns of " + n
	case h.back == 1:
		return "last dim of " + n
	case h.back > 0:
		return fmt.Sprintf("size(%d) of %s", -h.back, n)
	}
	return fmt.Sprintf("size(%d) of %s", h.front, n)
}
