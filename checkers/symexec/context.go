package symexec

import (
	"fmt"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"github.com/cudavet/cudavet/checkers/cudair"
	"github.com/cudavet/cudavet/checkers/internal/launch"
	"github.com/cudavet/cudavet/checkers/internal/model"
	"github.com/cudavet/cudavet/checkers/internal/solver"
	"github.com/cudavet/cudavet/checkers/internal/sym"
	"github.com/cudavet/cudavet/checkers/internal/symex"
	"github.com/cudavet/cudavet/frontend/ir"
	"golang.org/x/tools/go/analysis"
)

var cfgCache struct {
	sync.Mutex
	key          string
	cfgs, latent []*launch.Config
	err          error
}

// configs returns the model configurations of o: one per profile o.Model
// names, or the union of the bundled profiles, each with the user-size
// limits of o.Limits; and their latent twins, alike but with the limits
// model.Limits.Latent gives.
func configs(o Options) (cfgs, latent []*launch.Config, err error) {
	cfgCache.Lock()
	defer cfgCache.Unlock()
	key := fmt.Sprintf("%s|%v|%s", o.Model, o.Mutate, o.Limits)
	if cfgCache.cfgs != nil && cfgCache.key == key {
		return cfgCache.cfgs, cfgCache.latent, cfgCache.err
	}
	cfgCache.key, cfgCache.cfgs, cfgCache.latent, cfgCache.err = key, []*launch.Config{}, nil, nil
	limits, err := model.ParseLimits(o.Limits)
	if err != nil {
		cfgCache.err = fmt.Errorf("-symexec.limits: %w", err)
		return nil, nil, cfgCache.err
	}
	add := func(label string, ps []*model.Profile) {
		cfg := launch.NewConfig(label, ps, o.Mutate)
		cfg.Limits = limits
		lat := *cfg
		lat.Limits = limits.Latent()
		cfgCache.cfgs = append(cfgCache.cfgs, cfg)
		cfgCache.latent = append(cfgCache.latent, &lat)
	}
	if o.Model == "" {
		add("the bundled models", model.Bundled())
		return cfgCache.cfgs, cfgCache.latent, nil
	}
	ps, err := model.Lookup(o.Model)
	if err != nil {
		cfgCache.err = err
		return nil, nil, err
	}
	for _, p := range ps {
		add(p.Name, []*model.Profile{p})
	}
	return cfgCache.cfgs, cfgCache.latent, nil
}

// CheckLimit reports whether name is a user-controlled size and v a valid
// limit for it (for the CLI's configuration errors).
func CheckLimit(name string, v int64) error { return model.CheckLimit(name, v) }

// CheckLimits reports whether a -symexec.limits value (the CLI's
// -user-limits) is valid.
func CheckLimits(spec string) error {
	_, err := model.ParseLimits(spec)
	return err
}

// LatentFactor is how far past its limit a user size ranges in the runs
// of Options.Latent.
const LatentFactor = model.LatentFactor

// DefaultLimits returns the documented limit of each user-controlled
// size, by canonical name (for -print-config).
func DefaultLimits() map[string]int64 { return model.DefaultLimits() }

// CheckModel reports whether a -model value names profiles (for the CLI's
// usage errors).
func CheckModel(spec string) error {
	_, err := model.Lookup(spec)
	return err
}

// Models describes the bundled profiles for `cudavet help models`: one
// line each, the name -model takes, the model, its sizes and source.
func Models() []string {
	var out []string
	for _, p := range model.Bundled() {
		var sizes []string
		for _, k := range []string{"hidden_size", "intermediate_size", "num_heads", "num_kv_heads", "head_size", "num_experts", "topk", "vocab_size", "group_size", "bits"} {
			if vs := p.Values[k]; len(vs) > 0 {
				sizes = append(sizes, fmt.Sprintf("%s=%s", k, strings.Trim(strings.Join(strings.Fields(fmt.Sprint(vs)), ","), "[]")))
			}
		}
		out = append(out, fmt.Sprintf("%-18s %-24s %s\n%20s%s", p.ID, p.Name, strings.Join(sizes, " "), "", p.Source))
	}
	return out
}

// merge adds a kernel's annotations to a launch site's spec: where both
// give a length, a parameter or a launch dimension, they must agree.
func merge(site, ann *symex.Spec, f *ir.Func) *symex.Spec {
	out := &symex.Spec{Lengths: map[*ir.Var]*sym.Term{}, Params: map[*ir.Var]*sym.Term{}, Nulls: site.Nulls,
		Indexes: site.Indexes, Sentinels: site.Sentinels, Weights: site.Weights, Fields: site.Fields, Grid: site.Grid, Block: site.Block, Smem: site.Smem,
		Assume:   append(append([]*sym.Term(nil), site.Assume...), ann.Assume...),
		Vars:     append(append([]*symex.VarInfo(nil), site.Vars...), ann.Vars...),
		Launcher: site.Launcher}
	eq := func(a, b *sym.Term) {
		if a.Width == b.Width {
			out.Assume = append(out.Assume, sym.Eq(a, b))
		}
	}
	for _, p := range f.Params {
		if l := site.Lengths[p]; l != nil {
			out.Lengths[p] = l
			if a := ann.Lengths[p]; a != nil {
				eq(a, l)
			}
		} else if a := ann.Lengths[p]; a != nil {
			out.Lengths[p] = a
		}
		if v := site.Params[p]; v != nil {
			out.Params[p] = v
			if a := ann.Params[p]; a != nil {
				eq(a, v)
			}
		} else if a := ann.Params[p]; a != nil {
			out.Params[p] = a
		}
	}
	for i := range 3 {
		pick := func(s, a *sym.Term) *sym.Term {
			switch {
			case s == nil:
				return a
			case a != nil:
				eq(a, s)
			}
			return s
		}
		out.Grid[i] = pick(site.Grid[i], ann.Grid[i])
		out.Block[i] = pick(site.Block[i], ann.Block[i])
	}
	if out.Smem == nil {
		out.Smem = ann.Smem
	} else if ann.Smem != nil {
		eq(ann.Smem, out.Smem)
	}
	return out
}

// siteContext names a launch context: "launch in rms_norm at
// layernorm.cu:52", with the model when there are several.
func siteContext(pass *analysis.Pass, s *launch.Site, cfg *launch.Config, several bool) string {
	p := pass.Fset.Position(s.Launch.P)
	ctx := fmt.Sprintf("launch in %s at %s:%d", s.Launch.Caller.Name, filepath.Base(p.Filename), p.Line)
	if s.Launch.Caller != s.Entry {
		ctx += " (called from " + s.Entry.Name + ")"
	}
	if several {
		ctx += " under " + cfg.Label
	}
	return ctx
}

// Record counts one check's outcome (a counter name of
// symex.OutcomeCounter, or a skip reason) for the run's verdict.
func (r *Run) Record(checker, outcome string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.outcomes == nil {
		r.outcomes = map[string]cudair.Counts{}
	}
	if r.outcomes[checker] == nil {
		r.outcomes[checker] = cudair.Counts{}
	}
	r.outcomes[checker][outcome]++
}

// LatentNote says, for a finding of a latent run, that no size within
// the production limits triggers it, and the limit its threshold passes:
// "nothing within the production limits triggers it (num_tokens at most
// 1048576: cudavet help limits)".
func (r *Run) LatentNote(w *symex.Witness) string {
	if !r.Latent {
		return ""
	}
	const note = "nothing within the production limits triggers it"
	if w != nil && w.Threshold != nil && w.Threshold.Var.Canon != "" {
		lim := launch.LimitOf(r.Limits, w.Threshold.Var.Canon)
		if w.Threshold.Value > uint64(lim) {
			return fmt.Sprintf("%s (%s at most %d: cudavet help limits)", note, w.Threshold.Var.Display, lim)
		}
	}
	return note + " (cudavet help limits)"
}

// ModelNote names the model the witness's fixed sizes come from: " under
// Mixtral-8x7B-v0.1" for a single profile, " (Mixtral-8x7B-v0.1,
// Mistral-7B-v0.1)" for the bundled models whose sizes match.
func (r *Run) ModelNote(w *symex.Witness) string {
	if r.Site == nil || r.Config == nil || len(r.Site.Fixed) == 0 || w == nil {
		return ""
	}
	env := w.Model.Env()
	var names []string
	first := true
	used, variant := false, false
	for _, f := range r.Site.Fixed {
		v, err := sym.Eval(f.Term, env)
		if err != nil {
			continue
		}
		if _, ok := env(f.Term.Name); !ok {
			continue // the witness does not depend on it
		}
		used = true
		val := sym.SignExtend(v, f.Term.Width)
		who := r.Config.Who[f.Canon][val]
		if len(who) == 0 {
			variant = true // a value -mutate added
		}
		if first {
			names, first = append([]string(nil), who...), false
			continue
		}
		names = intersect(names, who)
	}
	if !used {
		return ""
	}
	switch {
	case variant && strings.HasPrefix(r.Config.Label, "the bundled"):
		return " (a -mutate variant of the bundled models)"
	case variant:
		return " under a -mutate variant of " + r.Config.Label
	}
	if len(r.Config.Who) > 0 && strings.HasPrefix(r.Config.Label, "the bundled") {
		if len(names) == 0 {
			return " (no single bundled model has these sizes together)"
		}
		sort.Strings(names)
		if len(names) > 3 {
			names = append(names[:3], "…")
		}
		return " (" + strings.Join(names, ", ") + ")"
	}
	return " under " + r.Config.Label
}

func intersect(a, b []string) []string {
	var out []string
	for _, x := range a {
		for _, y := range b {
			if x == y {
				out = append(out, x)
				break
			}
		}
	}
	return out
}

// Related returns the run's launch site as a related entry (nil without
// one).
func (r *Run) Related() []analysis.RelatedInformation {
	if r.Site == nil {
		return nil
	}
	out := []analysis.RelatedInformation{{Pos: r.Site.Launch.P, Message: "launched here"}}
	for _, c := range r.Site.Calls {
		out = append(out, analysis.RelatedInformation{Pos: c, Message: "through this call"})
	}
	return out
}

// Verdicts judges the kernel under each context from the outcomes the
// symbolic checkers recorded (see cudair.Verdict).
func (res *Result) Verdicts() []cudair.Verdict {
	var out []cudair.Verdict
	f := res.Unit.Func
	for _, r := range res.Runs {
		v := cudair.Verdict{Pos: f.P, Func: f.Name, Context: r.Context}
		if r.Site != nil {
			v.LaunchAt = r.Site.Launch.P
		}
		v.Verdict, v.Reason = r.verdict()
		out = append(out, v)
	}
	return out
}

func (r *Run) verdict() (string, string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.Infeasible {
		return "incomplete", "the context's assumptions contradict each other"
	}
	total := cudair.Counts{}
	for _, c := range r.outcomes {
		for k, n := range c {
			total[k] += n
		}
	}
	if total[symex.OutcomeCounter(symex.Violated, nil)] > 0 {
		return "findings", ""
	}
	if len(r.outcomes) == 0 {
		return "incomplete", "no symbolic checker ran"
	}
	var why []string
	st := r.Trace.Stats
	if st.Unknowns > 0 {
		why = append(why, fmt.Sprintf("%d Unknown IR values", st.Unknowns))
	}
	if st.Truncated {
		why = append(why, "step budget")
	}
	if st.InlineCut > 0 {
		why = append(why, "calls not inlined")
	}
	if n := total[symex.OutcomeCounter(symex.Undecided, nil)]; n > 0 {
		why = append(why, fmt.Sprintf("%d checks undecided (solver budget)", n))
	}
	safe := symex.OutcomeCounter(symex.Safe, nil)
	for _, k := range sortedCounts(total) {
		if k != safe && k != symex.OutcomeCounter(symex.Undecided, nil) && k != "accesses not vectorized" {
			why = append(why, fmt.Sprintf("%d %s", total[k], k))
		}
	}
	if r.Site != nil && len(r.Site.Unresolved) > 0 && len(why) > 0 {
		why = append(why, "unresolved: "+strings.Join(r.Site.Unresolved, ", "))
	}
	if len(why) > 0 {
		return "incomplete", strings.Join(why, "; ")
	}
	if r.Site != nil && r.feasibility != solver.Sat && len(r.Spec.Assume) > 0 {
		switch r.checkFeasible() {
		case solver.Unsat:
			// Mostly an instance of a dispatch for sizes no profile has
			// (moe_sum_kernel<T, 3> under profiles without top-k 3).
			return "incomplete", "no sizes satisfy the launch's assumptions (the launcher's checks and the model profiles' values: an instance for a top-k, expert count or head size no profile has; -model with such a config, or -mutate, adds sizes): every check is vacuous"
		case solver.Unknown:
			return "incomplete", "could not decide whether the launch's assumptions can hold (solver budget)"
		}
	}
	return "verified", fmt.Sprintf("%d checks proved safe", total[safe])
}

func sortedCounts(c cudair.Counts) []string {
	var ks []string
	for k := range c {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}
