package driver

import (
	"errors"
	"fmt"

	"github.com/cudavet/cudavet/checkers/cudair"
	"golang.org/x/tools/go/analysis"
)

// plan validates the analyzers and returns them with everything they
// require, each after its requirements (depth-first post-order over the
// roots in the given order, so the order is deterministic). cudair.Analyzer
// is left out: the driver supplies its result.
func plan(roots []*analysis.Analyzer) ([]*analysis.Analyzer, error) {
	if len(roots) == 0 {
		return nil, errors.New("no analyzers to run")
	}
	if err := analysis.Validate(roots); err != nil {
		return nil, err
	}
	var order []*analysis.Analyzer
	seen := map[*analysis.Analyzer]bool{}
	var visit func(a *analysis.Analyzer) error
	visit = func(a *analysis.Analyzer) error {
		if seen[a] {
			return nil
		}
		seen[a] = true
		if len(a.FactTypes) > 0 {
			return fmt.Errorf("analyzer %s declares fact types, which cudavet does not support", a.Name)
		}
		for _, req := range a.Requires {
			if err := visit(req); err != nil {
				return err
			}
		}
		if a != cudair.Analyzer {
			order = append(order, a)
		}
		return nil
	}
	for _, a := range roots {
		if err := visit(a); err != nil {
			return nil, err
		}
	}
	return order, nil
}
