package symexec

import (
	"io"

	"github.com/cudavet/cudavet/checkers/internal/launch"
	"github.com/cudavet/cudavet/frontend/ir"
)

// DumpSizes writes the sizes of every launch of prog under each model
// configuration of o (the CLI's -dump=sizes): each size's class and
// source, and what stays unresolved.
func DumpSizes(w io.Writer, prog *ir.Program, o Options) error {
	cfgs, _, err := configs(o)
	if err != nil {
		return err
	}
	for _, cfg := range cfgs {
		launch.Dump(w, prog, cfg)
	}
	return nil
}
