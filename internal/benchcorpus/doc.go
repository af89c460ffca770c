// Package benchcorpus writes the generated corpora of `make bench`. The
// kernels are written for these corpora; none is copied from a real tree.
//
// The single-kernel corpus (Write): torch launcher + kernel files in the
// shapes inference kernels take (row-wise elementwise, gated activation,
// row reductions with a block-size loop, strided 2-D copies, vectorized
// loads), float only, each with its own sizes, index types and checks, so
// that analysis cost can be measured from 50 to several hundred kernels.
//
// The diverse corpus (WriteDiverse): files that vary as real csrc/ files
// do, 100 to 200 lines with 2 to 4 kernel families each (gated
// activations, RMS norm, rotary embedding over heads, paged KV-cache
// writes, paged decode attention, MoE sums and expert counts, per-token
// and static int8 quantisation, router softmax, tiled transpose), every
// kernel templated on the element type and dispatched over two to four
// dtypes, most also on non-type parameters (threads, head size × block
// size, top-k, tile) chosen by a switch in the launcher, with vectorised
// and scalar paths, cub or warp-shuffle block reductions and shared tiles.
// The single-kernel corpus predicted a tenth of the cost of such files.
//
// Files:
//
//	benchcorpus.go       the single-kernel corpus
//	diverse.go           the diverse corpus: drawing, file layout, helpers
//	diverse_shapes.go    the diverse corpus's kernel families (templates)
//	bench.sh             the tables of `make bench`
//	gen/                 the command that writes either corpus
package benchcorpus
