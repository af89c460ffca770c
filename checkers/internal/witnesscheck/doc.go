// Package witnesscheck holds a test, and no code: every finding of the
// overflow, bounds and align checkers on their bug_*.cu testdata (and on
// this package's own), replayed with the concrete interpreter
// (checkers/internal/concrete) under the finding's witness, must really
// reach the bad operation: the same overflowing IR node, the same access
// out of its region, the same misaligned vector access. A replay that
// disagrees is an engine bug (or an over-approximation the witness does
// not survive), reported at the finding's line.
//
// The findings are decided as the checkers decide them: the spec from the
// kernel's annotations (annot.Attach, spec.FromAnnotations), symex.Exec,
// then Trace.Check of each operation's or access's violation. The witness
// model, completed over every variable of the query, becomes a
// concrete.Input: parameters and geometry from the variables of those
// names, region lengths and dynamic shared memory from the spec's terms,
// loaded and other opaque values from the trace's variables at their
// positions. Findings whose kernel holds Unknown IR cannot be replayed and
// are counted, as are replays over the step budget; the test logs the
// counts per checker. With -short only this package's testdata is
// replayed (the checkers' own take minutes: the solver's minimisation
// dominates).
//
// This package's testdata covers what the replay must follow: loaded and
// opaque values on the path (bug_masked_shift.cu), guards written with
// && and ?: (bug_short_circuit.cu), switch fallthrough into default
// (bug_switch_default.cu), do-while conditions (bug_do_while.cu), device
// functions, reference parameters and loops (bug_control_flow.cu,
// bug_copy_vec4.cu).
package witnesscheck
