// Package benchcorpus writes the generated corpus of `make bench`: torch
// launcher + kernel files in the shapes inference kernels take (row-wise
// elementwise, gated activation, row reductions with a block-size loop,
// strided 2-D copies, vectorized loads), each with its own sizes, index
// types and checks, so that analysis cost can be measured from 50 to
// several hundred kernels. The kernels are written for this corpus; none
// is copied from a real tree.
package benchcorpus
