package main

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"go/token"
	"os"
	"regexp"
	"strings"

	"github.com/cudavet/cudavet/checkers"
	"github.com/cudavet/cudavet/checkers/driver"
	"github.com/owenrumney/go-sarif/v2/sarif"
)

// raceFlow returns the code flow of a race: one thread flow per thread,
// each at its access, from the witness entries "thread 1 ... runs ..." and
// "thread 2 ... runs ..."; nil for other findings.
func raceFlow(fset *token.FileSet, d driver.Diagnostic) *sarif.CodeFlow {
	if d.Checker != "race" {
		return nil
	}
	cf := sarif.NewCodeFlow().WithTextMessage("the two accesses of the race")
	for _, rel := range d.Related {
		w, ok := strings.CutPrefix(rel.Message, checkers.WitnessPrefix)
		if !ok || !strings.HasPrefix(w, "thread 1 ") && !strings.HasPrefix(w, "thread 2 ") {
			continue
		}
		loc := sarifLocation(fset.Position(rel.Pos), token.Position{}).WithMessage(sarif.NewTextMessage(w))
		tf := sarif.NewThreadFlow().WithID(w[:len("thread 1")]).
			WithLocations([]*sarif.ThreadFlowLocation{sarif.NewThreadFlowLocation().WithLocation(loc)})
		cf.AddThreadFlow(tf)
	}
	if len(cf.ThreadFlows) != 2 {
		return nil
	}
	return cf
}

// fingerprintKey names cudavet's partial fingerprint in SARIF results.
const fingerprintKey = "cudavetFinding/v1"

// fingerprinter computes partial fingerprints that survive unrelated edits:
// a hash of the checker, the file, the function, the text of the finding's
// line (not its number) and the message with numbers elided, and an
// occurrence count among equal hashes.
type fingerprinter struct {
	lines   map[string][]string // file lines, read once
	offline bool                // lines holds every file there is (-merge): read none
	seen    map[string]int
}

func newFingerprinter() *fingerprinter {
	return &fingerprinter{lines: map[string][]string{}, seen: map[string]int{}}
}

var digitsRE = regexp.MustCompile(`[0-9]+`)

func (f *fingerprinter) of(d driver.Diagnostic) string {
	h := sha256.New()
	fmt.Fprintf(h, "%s\x00%s\x00%s\x00%s\x00%s", d.Checker, sarifURI(d.Position.Filename), d.Function,
		f.lineText(d.Position), digitsRE.ReplaceAllString(d.Message, "N"))
	sum := hex.EncodeToString(h.Sum(nil))[:32]
	f.seen[sum]++
	return fmt.Sprintf("%s:%d", sum, f.seen[sum])
}

// lineText returns the trimmed text of the position's line ("" when the
// file cannot be read).
func (f *fingerprinter) lineText(p token.Position) string {
	ls, ok := f.lines[p.Filename]
	if !ok && !f.offline {
		data, err := os.ReadFile(p.Filename)
		if err == nil {
			ls = strings.Split(string(data), "\n")
		}
		f.lines[p.Filename] = ls
	}
	if p.Line < 1 || p.Line > len(ls) {
		return ""
	}
	return strings.Join(strings.Fields(ls[p.Line-1]), " ")
}
