package cudair

import "go/token"

// Verdict is the outcome of checking one function under one context (a
// launch site, a model configuration, its annotations).
type Verdict struct {
	Pos      token.Pos // the function's position
	Func     string
	Context  string
	LaunchAt token.Pos // the launch site's position (NoPos without one)
	// Verdict is "findings" (a check was violated), "verified" (every
	// check of the symbolic checkers that ran, memory and
	// synchronisation, was proved safe under the context's ranges) or
	// "incomplete" (Reason says what was not decided: Unknown IR,
	// budget, an unresolved size).
	Verdict string
	Reason  string
}

// Verdicter is implemented by results that judge their function under
// each context; the driver collects the verdicts after every analyzer of
// the unit ran.
type Verdicter interface {
	Verdicts() []Verdict
}
