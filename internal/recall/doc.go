// Package recall measures cudavet on bugs real kernels had: a corpus of
// memory-safety fixes mined from the history of inference-kernel
// repositories (testdata/real/recall/*.yaml, one row per fix), each
// analysed at its fix's parent commit. A row is found when a finding of
// its class's checker stands within Near lines of a labelled line, or its
// suggested fix edits one; a miss is classified as unread (parse errors),
// out of time, or analysed without a finding. `make recall` runs it
// (cmd/recall).
//
//	labels.go  Row, the labels file format, Load and Validate
//	tree.go    exporting a commit's tree and the CUTLASS it builds with
//	run.go     running cudavet on a row and classifying the outcome
//	match.go   cudavet's -json output and the rule that a finding counts
//	report.go  per-row, per-class and TSV reports
package recall
