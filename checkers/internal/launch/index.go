package launch

import (
	"regexp"

	"github.com/cudavet/cudavet/checkers/internal/sym"
	"github.com/cudavet/cudavet/frontend/ir"
)

// indexKind is a kind of index tensor of inference kernels: a const
// integer pointer parameter, named as the kind says, whose entries pick
// one of the rows of another input. What they range over comes from the
// launch: a scalar parameter of the kernel named for the dimension (the
// first of scalars it has), else the leading dimension of the tensor
// passed for a parameter that rows names.
type indexKind struct {
	param   *regexp.Regexp
	scalars []string
	rows    *regexp.Regexp
	// sentinel: an entry may also be −1 ("none"), and the parameter need
	// not be const (symex checks that the kernel never writes it).
	sentinel bool
}

// indexKinds are the index tensors with a dimension a launch states:
//
//   - a paged KV cache's block table: each entry is a physical block,
//     fewer than the cache's blocks (its leading dimension; vLLM's
//     key_cache[num_blocks, ...], FlashInfer's paged_kv_cache);
//   - the positions of a rotary embedding: each a row of the cos/sin
//     cache (max_position rows);
//   - the experts a router picked for each token (topk_ids): each fewer
//     than num_experts;
//   - expert parallelism's expert map: a local expert, fewer than
//     num_experts, or −1 for an expert of another rank; not const in
//     vLLM, so it counts only where the kernel never writes it (symex).
//
// Slot mappings and sorted token lists are left out: their entries have
// sentinels (−1 for padding, numel for an empty slot) that the kernels
// test, which a range would hide.
var indexKinds = []indexKind{
	{
		param:   regexp.MustCompile(`^(block_tables?|block_table_ptr|page_table|kv_block_indices)$`),
		scalars: []string{"num_blocks", "num_kv_blocks", "num_pages"},
		rows:    regexp.MustCompile(`^(k|v|key|value|kv)_?caches?(_ptr)?$|^paged_kv_cache$`),
	},
	{
		param: regexp.MustCompile(`^positions?(_ptr)?$`),
		rows:  regexp.MustCompile(`^cos_sin_cache(_ptr)?$`),
	},
	{
		param:   regexp.MustCompile(`^(topk_ids|topk_indices|expert_ids|expert_indices|selected_experts)(_ptr)?$`),
		scalars: []string{"num_experts", "n_experts", "num_local_experts"},
	},
	{
		// Expert parallelism's map from a global expert to this rank's
		// local one, −1 for an expert another rank holds (vLLM's
		// expert_map; the kernels skip −1).
		param:    regexp.MustCompile(`^(expert_map|expert_maps|global_to_local_expert|local_expert_map)(_ptr)?$`),
		scalars:  []string{"num_experts", "n_experts", "num_local_experts"},
		sentinel: true,
	},
}

// indexes fills Spec.Indexes (and Spec.Sentinels): for each const integer
// pointer parameter of kernel k an index kind names (or any, for a kind
// with a sentinel), the size of the dimension its
// entries index, when the launch gives one.
func (b *specBuilder) indexes(k *ir.Func) {
	params := map[string]*ir.Var{}
	for _, p := range k.Params {
		params[p.Name] = p
	}
	ptrTensor := map[string]*tensor{}
	for _, pp := range b.pending {
		if pp.a.ptr != nil && pp.a.ptr.ten != nil {
			ptrTensor[pp.p.Name] = pp.a.ptr.ten
		}
	}
	for _, pp := range b.pending {
		t := pp.t
		if _, isInt := t.Elem.(*ir.IntType); !isInt {
			continue
		}
		for _, kind := range indexKinds {
			if !kind.param.MatchString(pp.p.Name) {
				continue
			}
			if !t.Const && !kind.sentinel {
				break
			}
			if n := b.indexBound(kind, params, ptrTensor); n != nil {
				if b.spec.Indexes == nil {
					b.spec.Indexes = map[*ir.Var]*sym.Term{}
				}
				b.spec.Indexes[pp.p] = n
				if kind.sentinel {
					if b.spec.Sentinels == nil {
						b.spec.Sentinels = map[*ir.Var]bool{}
					}
					b.spec.Sentinels[pp.p] = true
				}
			}
			break
		}
	}
}

// indexBound returns the size kind's entries range over in this launch
// (64-bit), or nil.
func (b *specBuilder) indexBound(kind indexKind, params map[string]*ir.Var, ptrTensor map[string]*tensor) *sym.Term {
	for _, name := range kind.scalars {
		p := params[name]
		if p == nil {
			continue
		}
		it, isInt := p.Type.(*ir.IntType)
		if t := b.spec.Params[p]; isInt && t != nil && !b.x.dependsOnUnknown(t) {
			return sym.Resize(t, 64, it.Signed)
		}
	}
	if kind.rows == nil {
		return nil
	}
	// The parameters in order, so that two matching tensors (key and
	// value caches) give the first's dimension whatever the map order.
	for _, pp := range b.pending {
		if !kind.rows.MatchString(pp.p.Name) {
			continue
		}
		if ten := ptrTensor[pp.p.Name]; ten != nil {
			if d := b.x.dim(ten, 0); d != nil {
				return d
			}
		}
	}
	return nil
}
