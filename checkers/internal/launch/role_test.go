package launch

import (
	"strings"
	"testing"

	"github.com/cudavet/cudavet/checkers/internal/model"
	"github.com/cudavet/cudavet/frontend"
)

// Sizes no name classifies take their class from their source: the rows
// of an activation are user-controlled, a weight's columns model-fixed,
// whatever the variables are called; a params struct and a host helper
// keep the sources.
func TestRoles(t *testing.T) {
	for file, want := range map[string][]string{
		"../../overflow/testdata/bug_src_gemm_oc_epilogue.cu": {
			"M                        user     rows of in_feats",
			"OC                       fixed    columns of qweight",
		},
		"../../overflow/testdata/bug_src_params_struct.cu": {
			"params.n_rows            user     rows of x",
			"params.dim               fixed    columns of out",
		},
		"../../overflow/testdata/bug_src_grid_stride_numel.cu": {
			"n                        user     numel of x",
		},
		"testdata/inner_dims.cu": {
			"num_seqs                 user",
			"q_stride                 fixed    inner dims of query",
		},
		// Per-sequence metadata has one entry per sequence, or one more.
		"../../bounds/testdata/ok_src_cu_seqlens_end.cu": {
			"cu_seqlens.numel()       user     numel of cu_seqlens",
		},
		// out.sizes() == input.sizes(): out's shape is input's, not a
		// shape the launcher never looked at.
		"../../overflow/testdata/ok_src_hidden64_norm.cu": {
			"out.size(-1)             fixed    last dim of out",
		},
		// A packed width (eight 4-bit weights per int32) is a model
		// width divided by the packing.
		"../../overflow/testdata/bug_src_packed_weight.cu": {
			"qweight.size(1)          fixed    columns of qweight, packed 8 per element",
		},
		"../../overflow/testdata/bug_src_rows_cols_helper.cu": {
			"from residual_add",
			"rows                     user     rows of a",
			"cols                     fixed    columns of a",
		},
	} {
		prog, err := frontend.Load(&frontend.Config{}, file)
		if err != nil {
			t.Fatal(err)
		}
		var b strings.Builder
		Dump(&b, prog, NewConfig("the bundled models", model.Bundled(), false))
		for _, w := range want {
			if !strings.Contains(b.String(), w) {
				t.Errorf("%s: no %q in\n%s", file, w, b.String())
			}
		}
	}
}

// A launcher that divides a tensor's numel by another tensor's count
// reads it as that many rows: the width is the tensor's last dimension,
// and its row stride, stride(-2), is that width, not a dimension of its
// own that could make tokens' rows overlap or run past the tensor.
func TestRowsQuotient(t *testing.T) {
	out, _ := dump(t, "testdata/rows_quotient.cu", NewConfig("the bundled models", model.Bundled(), false))
	for _, w := range []string{
		"len(x) = @x.numel()#2", // exact, not a relaxed numel(x)
		"stride = @x.size(-1)#3",
		"width = (trunc32 @x.size(-1)#3)",
		"assume (= @x.numel() / (x.size(-1))#4 @ids.numel()#1)",
	} {
		if !strings.Contains(out, w) {
			t.Errorf("no %q in\n%s", w, out)
		}
	}
	// stride(-2) needs no variable for size(-2).
	if strings.Contains(out, "x.size(-2)") {
		t.Errorf("a size(-2) variable in\n%s", out)
	}
	// numel / a model width (weight.size(0)) is no count of rows.
	if strings.Contains(out, "y.size(-1)") {
		t.Errorf("y read as rows x width in\n%s", out)
	}
}

// The metadata of a varlen batch (cu_seqlens, seq_lens, kv_indptr) has
// one entry per sequence or one more: its numel ranges up to the batch
// limit plus one, not up to a tensor's numel, so that a thread index
// over it needs no 2^31 sequences to be checked.
func TestPerSequenceLimit(t *testing.T) {
	out, _ := dump(t, "../../bounds/testdata/ok_src_cu_seqlens_end.cu", NewConfig("the bundled models", model.Bundled(), false))
	for _, w := range []string{
		"assume (bvsle @cu_seqlens.numel()#2 #4097:64)",
		"assume (bvsle @seq_lens.numel()#1 #4097:64)",
	} {
		if !strings.Contains(out, w) {
			t.Errorf("no %q in\n%s", w, out)
		}
	}
}

// A do { ... } while (0) runs its body once: a launch inside a statement
// macro is a site with the launcher's grid and block, and an assignment
// inside one stays known after it.
func TestDoWhileZero(t *testing.T) {
	out, _ := dump(t, "testdata/do_while_macro.cu", NewConfig("the bundled models", model.Bundled(), false))
	t.Log("\n" + out)
	if n := strings.Count(out, "site scale_kernel from scale "); n != 1 {
		t.Fatalf("%d sites of scale_kernel, want 1:\n%s", n, out)
	}
	if !strings.Contains(out, "block [#256:32") {
		t.Errorf("block is not the 256 set inside the do-while(false):\n%s", out)
	}
}
