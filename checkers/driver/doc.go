// Package driver runs go/analysis analyzers over the lowered IR of a CUDA
// program, the way unitchecker runs them over Go packages. It does not load
// anything: callers load and lower first (frontend.Load) and pass the
// *ir.Program in, so the CLI, the tests and the language server share it.
//
// A unit is one lowered function with a body (kernel, device function or
// host launcher). Every analyzer runs once per unit, after the analyzers it
// requires; cudair.Analyzer's result (a *cudair.Unit) is supplied by the
// driver. Around the analyzers the driver
//   - recovers a panic (or takes an error returned by Run) per analyzer and
//     unit into one diagnostic of category "internal error", skipping the
//     analyzers that require the failed one on that unit;
//   - abandons an analyzer that runs past Config.PassTimeout on a unit
//     with one "internal error" (a hang), and one still running when
//     Config.Context ends (-timeout, -memlimit) with one diagnostic of
//     category "stopped" (nothing failed); the run's other results are
//     kept, and the units a stopped run never started are counted in one
//     more "stopped";
//   - adds the front end's diagnostics (categories "parse", "annotation",
//     "lower") with Checker set to their category;
//   - merges duplicates (same checker, position and message);
//   - applies `// cudavet:ignore[check,...] reason` suppressions and reports
//     ignores that lack a reason or suppress nothing (checker "ignore");
//   - sorts by file name, line, column, checker and message;
//   - counts per checker: units, findings, suppressions, internal errors, time.
//
// Files:
//
//	doc.go       this overview
//	driver.go    Config, Diagnostic, Result, Run
//	order.go     validation and dependency order of the analyzers
//	unit.go      one unit: building each Pass, recovering panics
//	suppress.go  cudavet:ignore directives
//	merge.go     conversion, deduplication and sorting of diagnostics
//	stats.go     Stats and CheckerStats
//	sameir.go    instantiations with the same IR (a Half twin's BFloat16 case), analysed once
package driver
