package main

import (
	"cmp"
	"fmt"
	"io"
	"slices"
	"sort"
	"text/tabwriter"
	"time"

	"github.com/cudavet/cudavet/checkers/driver"
	"github.com/cudavet/cudavet/frontend/ir"
)

// printStats writes the -stats report to stderr: a table of the lowered
// functions, the front end's totals, the commonest reasons for Unknown
// nodes, and the time of each stage and checker.
func (a *app) printStats(prog *ir.Program, res *driver.Result, analysis time.Duration) {
	w := a.stderr
	rows := a.funcRows // an incremental run's, from its units' entries
	if rows == nil {
		rows = funcRows(prog)
	}
	funcTable(w, rows)
	s := prog.Stats
	fmt.Fprintln(w, "\nTotals:")
	tw := tabwriter.NewWriter(w, 0, 8, 2, ' ', 0)
	fmt.Fprintf(tw, "  files\t%d\t(%d with parse errors)\n", s.Files, s.ParseErrors)
	if r := a.opts.flagsOf; r != nil {
		cs := r.Stats()
		fmt.Fprintf(tw, "  compile_commands.json\t%d\t(%d files given its flags, %d borrowed from an including file, %d unknown flags dropped)\n",
			len(cs.Databases), cs.Files, cs.Borrowed, len(cs.Unknown))
	}
	if a.unitsRun > 0 || a.opts.useIncremental() {
		fmt.Fprintf(tw, "  units\t%d\t(%d from the cache, %d analysed)\n", a.unitsRun, a.cacheHits, a.cacheMisses)
		if a.opts.cacheDir != "" {
			fmt.Fprintf(tw, "  solver answers\t%d\t(%d read from the cache)\n", a.answersLeft, a.answersLoaded)
		}
	}
	if m := a.missing; m.headers > 0 {
		fmt.Fprintf(tw, "  missing headers\t%d\t(blocking %s, whose %s were still analysed)\n", m.headers, plural(m.blockedFiles, "file"), plural(m.kernelsAnalysed, "kernel"))
	}
	fmt.Fprintf(tw, "  kernels\t%d\n", s.Kernels)
	fmt.Fprintf(tw, "  device functions\t%d\n", s.DeviceFuncs)
	fmt.Fprintf(tw, "  host launchers\t%d\n", s.HostFuncs)
	fmt.Fprintf(tw, "  launch sites\t%d\n", s.Launches)
	fmt.Fprintf(tw, "  statements\t%d\t(%s lowered to non-Unknown)\n", s.Stmts, percent(s.Stmts-s.UnknownStmts, s.Stmts))
	fmt.Fprintf(tw, "  unknown statements\t%d\n", s.UnknownStmts)
	fmt.Fprintf(tw, "  unknown expressions\t%d\n", s.UnknownExprs)
	fmt.Fprintf(tw, "  findings suppressed\t%d\n", res.Stats.Suppressed)
	fmt.Fprintf(tw, "  duplicate findings merged\t%d\n", res.Stats.Duplicates)
	fmt.Fprintf(tw, "  same-IR instantiations\t%d\t(a Half twin's BFloat16 case, analysed once)\n", res.Stats.SameIR)
	fmt.Fprintf(tw, "  internal errors\t%d\n", res.Stats.InternalErrors)
	if res.Stats.Stopped > 0 {
		fmt.Fprintf(tw, "  stopped by the run's limit\t%d\t(functions a checker was abandoned on, and one for the functions not started)\n", res.Stats.Stopped)
	}
	tw.Flush()
	unknownReasons(w, s.Unknown, 10)
	fmt.Fprintln(w, "\nTime:")
	tw = tabwriter.NewWriter(w, 0, 8, 2, ' ', 0)
	fmt.Fprintf(tw, "  parse\t%s\t(summed over files)\n", ms(s.ParseTime))
	fmt.Fprintf(tw, "  lowering\t%s\n", ms(s.LowerTime))
	fmt.Fprintf(tw, "  analysis\t%s\t(wall clock)\n", ms(analysis))
	if a.cacheHits > 0 {
		fmt.Fprintf(tw, "  \t\t(%d of %d units from the cache: their parse, lowering and checker times are those of the run that cached them)\n", a.cacheHits, a.unitsRun)
	}
	for _, c := range res.Stats.Checkers {
		if !c.Root {
			fmt.Fprintf(tw, "    %s\t%s\t(helper: %d units, %d skipped, %d internal errors%s)\n",
				c.Name, ms(c.Time), c.Units, c.Skipped, c.InternalErrors, stoppedText(c.Stopped))
			continue
		}
		fmt.Fprintf(tw, "    %s\t%s\t(%d units, %d skipped, %d findings, %d suppressed, %d internal errors%s)\n",
			c.Name, ms(c.Time), c.Units, c.Skipped, c.Findings, c.Suppressed, c.InternalErrors, stoppedText(c.Stopped))
	}
	tw.Flush()
	counters(w, res.Stats.Checkers)
}

// counters writes what each checker could not check, and how its checks
// ended, as the checkers count them.
func counters(w io.Writer, cs []driver.CheckerStats) {
	first := true
	for _, c := range cs {
		if len(c.Counters) == 0 {
			continue
		}
		if first {
			fmt.Fprintln(w, "\nChecks:")
			first = false
		}
		keys := make([]string, 0, len(c.Counters))
		for k := range c.Counters {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			fmt.Fprintf(w, "  %-10s %7d  %s\n", c.Name, c.Counters[k], k)
		}
	}
}

// funcRow is one line of the function table: a lowered function with a
// body. The incremental mode keeps its units' rows in the cache, so that
// a run from the cache prints the same table.
type funcRow struct {
	File                              string // absolute, as the front end names it
	Line                              int
	Name, Kind                        string
	Stmts, UnknownStmts, UnknownExprs int
}

// funcRows returns the rows of a program's functions with a body, in
// program order.
func funcRows(prog *ir.Program) []funcRow {
	rows := []funcRow{}
	for _, f := range prog.Funcs {
		if f.Body == nil {
			continue
		}
		p := prog.Fset.Position(f.P)
		rows = append(rows, funcRow{File: p.Filename, Line: p.Line, Name: f.Name, Kind: f.Kind.String(),
			Stmts: f.Stats.Stmts, UnknownStmts: f.Stats.UnknownStmts, UnknownExprs: f.Stats.UnknownExprs})
	}
	return rows
}

// mergeRows joins the units' rows: sorted by position then name, a
// function of a header that several units include listed once.
func mergeRows(units [][]funcRow) []funcRow {
	rows := []funcRow{}
	seen := map[funcRow]bool{}
	for _, u := range units {
		for _, r := range u {
			if !seen[r] {
				seen[r] = true
				rows = append(rows, r)
			}
		}
	}
	slices.SortStableFunc(rows, func(x, y funcRow) int {
		return cmp.Or(cmp.Compare(x.File, y.File), cmp.Compare(x.Line, y.Line), cmp.Compare(x.Name, y.Name))
	})
	return rows
}

// funcTable writes one line per row.
func funcTable(w io.Writer, rows []funcRow) {
	tw := tabwriter.NewWriter(w, 0, 8, 2, ' ', 0)
	fmt.Fprintln(tw, "POSITION\tFUNCTION\tKIND\tSTMTS\tUNKNOWN STMTS\tUNKNOWN EXPRS\t")
	for _, r := range rows {
		pos := fmt.Sprintf("%s:%d", relName(r.File), r.Line)
		fmt.Fprintf(tw, "%s\t%s\t%s\t%d\t%d\t%d\t\n", pos, r.Name, r.Kind, r.Stmts, r.UnknownStmts, r.UnknownExprs)
	}
	tw.Flush()
}

// unknownReasons writes the n commonest reasons for Unknown nodes, most
// frequent first, ties by reason.
func unknownReasons(w io.Writer, counts map[string]int, n int) {
	type rc struct {
		reason string
		count  int
	}
	var rs []rc
	for r, c := range counts {
		rs = append(rs, rc{r, c})
	}
	if len(rs) == 0 {
		return
	}
	slices.SortFunc(rs, func(a, b rc) int { return cmp.Or(cmp.Compare(b.count, a.count), cmp.Compare(a.reason, b.reason)) })
	fmt.Fprintf(w, "\nUnknown by reason (top %d of %d):\n", min(n, len(rs)), len(rs))
	tw := tabwriter.NewWriter(w, 0, 8, 2, ' ', 0)
	for _, r := range rs[:min(n, len(rs))] {
		fmt.Fprintf(tw, "  %d\t%s\n", r.count, r.reason)
	}
	tw.Flush()
}

func percent(part, whole int) string {
	if whole == 0 {
		return "-"
	}
	return fmt.Sprintf("%.1f%%", 100*float64(part)/float64(whole))
}

func ms(d time.Duration) string {
	return fmt.Sprintf("%.1fms", float64(d.Microseconds())/1000)
}

// stoppedText is ", N stopped" for a checker the run's limit abandoned on
// N functions, else "" (the line of a run without a limit is unchanged).
func stoppedText(n int) string {
	if n == 0 {
		return ""
	}
	return fmt.Sprintf(", %d stopped", n)
}
