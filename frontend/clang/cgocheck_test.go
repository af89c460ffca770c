package clang

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"
)

// TestBigHeadersNoCgocheckPanic walks every cursor of a unit that includes
// large C++ headers and passes each one back to C, in the default
// (non-PIE) build with the default cgocheck. With libclang's real CXCursor
// in the Go values this panics ("Go pointer to unpinned Go pointer") as
// soon as a Ref cursor's raw location offset lands in the binary's data.
func TestBigHeadersNoCgocheckPanic(t *testing.T) {
	if testing.Short() {
		t.Skip("parses <vector>, <memory> and <algorithm>")
	}
	// A unit's location offsets count every byte of every file it includes,
	// in order. A virtual header of comments as long as the binary's data
	// address makes the offsets in <vector> and friends land on that data.
	// A position-independent binary lies far above any offset: no padding.
	lo, hi := writableExeRange(t)
	const line = "// padding to move source offsets onto the binary's data addresses\n"
	pad, exercised := "", lo > 1<<18 && lo < 64<<20
	if exercised {
		pad = strings.Repeat(line, int(lo-1<<18)/len(line)+1)
	}
	tu := parseWith(t, "#include \"/__cudavet__/pad.h\"\n#include <vector>\n#include <memory>\n#include <algorithm>\n"+kernelSrc,
		NewUnsavedFile("/__cudavet__/pad.h", pad))
	noErrors(t, tu)
	var cursors, lookalikes int
	var walk func(c Cursor)
	walk = func(c Cursor) {
		for _, k := range c.Children() {
			cursors++
			for _, d := range k.c.data {
				if p := uintptr(d); p >= lo && p < hi {
					lookalikes++
				}
			}
			_ = k.Kind()
			_ = k.Spelling()
			_ = k.Referenced().Kind()
			_ = k.Type().Kind()
			_ = k.Extent().Start()
			_ = k.Location().IsInSystemHeader()
			_ = k.Equal(k.CanonicalCursor())
			walk(k)
		}
	}
	walk(tu.TranslationUnitCursor())
	if cursors < 10000 || exercised && lookalikes == 0 {
		t.Errorf("%d cursors, %d lookalikes: the test no longer exercises the hazard", cursors, lookalikes)
	}
	t.Logf("%d cursors, %d with a field inside the binary's writable data [%#x, %#x)", cursors, lookalikes, lo, hi)
}

// writableExeRange returns the span of the test binary's writable mappings,
// where cgocheck looks for Go globals.
func writableExeRange(t *testing.T) (lo, hi uintptr) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.Open("/proc/self/maps")
	if err != nil {
		t.Skip(err)
	}
	defer f.Close()
	s := bufio.NewScanner(f)
	for s.Scan() {
		fields := strings.Fields(s.Text())
		if len(fields) < 6 || fields[5] != exe || !strings.HasPrefix(fields[1], "rw") {
			continue
		}
		span := strings.SplitN(fields[0], "-", 2)
		a, _ := strconv.ParseUint(span[0], 16, 64)
		b, _ := strconv.ParseUint(span[1], 16, 64)
		if lo == 0 || uintptr(a) < lo {
			lo = uintptr(a)
		}
		if uintptr(b) > hi {
			hi = uintptr(b)
		}
	}
	return lo, hi
}
