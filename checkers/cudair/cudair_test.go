package cudair

import (
	"go/token"
	"testing"

	"github.com/cudavet/cudavet/frontend/ir"
)

func TestReportedByFirst(t *testing.T) {
	unit := func(i, first int, name string) *Unit {
		return &Unit{Index: i, First: first, Func: &ir.Func{Name: name}}
	}
	s := &Shared{}
	first, half, float := unit(1, 1, "k<double>"), unit(2, 1, "k<half>"), unit(3, 1, "k<float>")
	other := unit(0, 0, "m")
	const pos = token.Pos(10)
	if s.ReportedByFirst("overflow", pos, half) {
		t.Fatal("nothing reported yet")
	}
	s.Reported("overflow", pos, other)
	s.Reported("overflow", pos, float)
	if s.ReportedByFirst("overflow", pos, half) {
		t.Error("a report of another template or of a later instantiation counts")
	}
	s.Reported("overflow", pos, first)
	if !s.ReportedByFirst("overflow", pos, half) || !s.ReportedByFirst("overflow", pos, float) {
		t.Error("the first instantiation's report does not count")
	}
	if s.ReportedByFirst("overflow", pos, first) {
		t.Error("the first instantiation's own report counts for itself")
	}
	if s.ReportedByFirst("bounds", pos, half) || s.ReportedByFirst("overflow", pos+1, half) {
		t.Error("a report counts for another checker or position")
	}
	// The driver keeps the reports of two functions of one name (overloads).
	if s.ReportedByFirst("overflow", pos, unit(5, 1, "k<double>")) {
		t.Error("a unit of the reporting function's name counts as another's")
	}
	var none *Shared
	none.Reported("overflow", pos, first)
	if none.ReportedByFirst("overflow", pos, half) {
		t.Error("a nil Shared remembers")
	}
}
