package recall

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
)

// WriteRows prints one line per result: id, class, outcome, seconds, and
// the finding or the cause.
func WriteRows(w io.Writer, results []*Result) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tCLASS\tOUTCOME\tSECONDS\tDETAIL")
	for _, r := range results {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%.0f\t%s\n", r.Row.ID, r.Row.Class, r.Outcome, r.Seconds, oneLine(r.Detail, 160))
	}
	return tw.Flush()
}

// WriteSummary prints the outcome counts per class and in total.
func WriteSummary(w io.Writer, results []*Result) error {
	count := map[string]map[string]int{}
	for _, r := range results {
		if count[r.Row.Class] == nil {
			count[r.Row.Class] = map[string]int{}
		}
		count[r.Row.Class][r.Outcome]++
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprint(tw, "CLASS\tROWS")
	for _, o := range Outcomes {
		fmt.Fprintf(tw, "\t%s", strings.ToUpper(o))
	}
	fmt.Fprintln(tw, "\t")
	total := map[string]int{}
	rows := 0
	for _, c := range Classes {
		n := 0
		for _, k := range count[c] {
			n += k
		}
		if n == 0 {
			continue
		}
		rows += n
		fmt.Fprintf(tw, "%s\t%d", c, n)
		for _, o := range Outcomes {
			fmt.Fprintf(tw, "\t%d", count[c][o])
			total[o] += count[c][o]
		}
		fmt.Fprintln(tw, "\t")
	}
	fmt.Fprintf(tw, "total\t%d", rows)
	for _, o := range Outcomes {
		fmt.Fprintf(tw, "\t%d", total[o])
	}
	fmt.Fprintln(tw, "\t")
	if err := tw.Flush(); err != nil {
		return err
	}
	if rows > 0 {
		_, err := fmt.Fprintf(w, "found %d of %d rows (%.0f%%); %d more at a labelled call of the helper holding the access\n",
			total[Found], rows, 100*float64(total[Found])/float64(rows), total[CallSite])
		return err
	}
	return nil
}

// WriteTSV writes the results as tab-separated values with a header line,
// for comparing two runs.
func WriteTSV(w io.Writer, results []*Result) error {
	if _, err := fmt.Fprintln(w, "id\trepo\tclass\toutcome\tseconds\tcutlass\tspdlog\tfindings\tkernels\tstatements\tdetail"); err != nil {
		return err
	}
	for _, r := range results {
		_, err := fmt.Fprintf(w, "%s\t%s\t%s\t%s\t%.1f\t%s\t%s\t%d\t%d\t%d\t%s\n", r.Row.ID, r.Row.Repo, r.Row.Class, r.Outcome,
			r.Seconds, r.Cutlass, r.Spdlog, r.Findings, r.Kernels, r.Statements, oneLine(r.Detail, 0))
		if err != nil {
			return err
		}
	}
	return nil
}

// oneLine folds s onto one line and cuts it at n runes (0: no cut).
func oneLine(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); n > 0 && len(r) > n {
		return string(r[:n-1]) + "…"
	}
	return s
}
