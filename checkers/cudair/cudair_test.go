package cudair

import (
	"go/token"
	"testing"

	"github.com/cudavet/cudavet/frontend/ir"
)

func TestReportedBefore(t *testing.T) {
	unit := func(i int, name string) *Unit { return &Unit{Index: i, Func: &ir.Func{Name: name}} }
	s := &Shared{}
	half, float, double := unit(1, "k<half>"), unit(2, "k<float>"), unit(3, "k<double>")
	const pos = token.Pos(10)
	if s.ReportedBefore("overflow", pos, float) {
		t.Fatal("nothing reported yet")
	}
	s.Reported("overflow", pos, double)
	if s.ReportedBefore("overflow", pos, float) {
		t.Error("a later unit's report counts as before")
	}
	if !s.ReportedBefore("overflow", pos, &Unit{Index: 4, Func: &ir.Func{Name: "k<int>"}}) {
		t.Error("an earlier unit's report does not count")
	}
	s.Reported("overflow", pos, half)
	if !s.ReportedBefore("overflow", pos, float) || !s.ReportedBefore("overflow", pos, double) {
		t.Error("the lowest reporting unit is not kept")
	}
	if s.ReportedBefore("overflow", pos, half) {
		t.Error("a unit's own report counts as before")
	}
	if s.ReportedBefore("bounds", pos, double) || s.ReportedBefore("overflow", pos+1, double) {
		t.Error("a report counts for another checker or position")
	}
	// Units of one name (overloads) are kept apart by the driver's merge only by function.
	if s.ReportedBefore("overflow", pos, unit(5, "k<half>")) {
		t.Error("a unit of the reporting function's name counts as another's")
	}
	var none *Shared
	none.Reported("overflow", pos, half)
	if none.ReportedBefore("overflow", pos, float) {
		t.Error("a nil Shared remembers")
	}
}
