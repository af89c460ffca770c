// Package annotation defines an Analyzer that reports malformed or
// contradictory `// cudavet:` annotations.
//
// # Analyzer annotation
//
// annotation: malformed, misplaced or contradictory cudavet: annotations
//
// Annotations tell cudavet what a launcher would: tensor shapes, size
// ranges, which sizes are fixed by the model and which grow with the
// workload, and the launch configuration (the README's Annotations
// section has the grammar). An annotation that does not parse, names
// something that is not there, or contradicts another is never ignored
// silently: it would make every check under it wrong. This analyzer
// reports it at the comment:
//
//	// cudavet:shape out[num_tokens, hidden_size   ← expected ']'
//	// cudavet:fixed E = 8; fixed E = 16          ← contradicts
//	// cudavet:assume n < 4; assume n > 8         ← no value satisfies these assumptions
//
// Not checked: assumptions that are satisfiable but wrong about the real
// program (cudavet believes them).
package annotation
