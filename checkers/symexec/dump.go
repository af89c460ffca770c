package symexec

import (
	"io"

	"github.com/cudavet/cudavet/checkers/internal/launch"
	"github.com/cudavet/cudavet/frontend/ir"
)

// DumpSizes writes the sizes of every launch of prog under each model
// configuration of the flags (the CLI's -dump=sizes): each size's class
// and source, and what stays unresolved.
func DumpSizes(w io.Writer, prog *ir.Program) error {
	cfgs, err := configs()
	if err != nil {
		return err
	}
	for _, cfg := range cfgs {
		launch.Dump(w, prog, cfg)
	}
	return nil
}
