package main

import (
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/cudavet/cudavet/checkers"
	"github.com/cudavet/cudavet/checkers/symexec"
	"github.com/cudavet/cudavet/internal/config"
)

// configOff is the -config value that reads no configuration file.
const configOff = "off"

// setting is one effective configuration value and where it came from,
// for -print-config.
type setting struct {
	key, value, origin string
}

// loadConfig finds and reads the configuration file: -config's, or the
// .cudavet.yaml of the first pattern's directory or the nearest above it.
func (o *options) loadConfig() (*config.Config, error) {
	switch o.configFile {
	case configOff:
		return nil, nil
	case "":
		path := config.Find(o.patternDir())
		if path == "" {
			return nil, nil
		}
		return config.Load(path)
	}
	return config.Load(o.configFile)
}

// patternDir is the absolute directory of the first pattern.
func (o *options) patternDir() string {
	p := strings.TrimSuffix(strings.TrimSuffix(o.patterns[0], "..."), "/")
	if p == "" {
		p = "."
	}
	abs, err := filepath.Abs(p)
	if err != nil {
		return "."
	}
	if st, err := os.Stat(abs); err == nil && !st.IsDir() {
		return filepath.Dir(abs)
	}
	return abs
}

// applyConfig merges the configuration file under the command line (a
// flag given on the command line wins) and records where each value came
// from. Unknown checkers, bad profiles and the like are errors at their
// line.
func (a *app) applyConfig(o *options) error {
	c, err := o.loadConfig()
	if err != nil {
		return fmt.Errorf("config: %w", err)
	}
	o.config = c
	at := func(line int) string { return fmt.Sprintf("%s:%d", relName(c.Path), line) }
	if err := a.configChecks(o, c, at); err != nil {
		return err
	}
	if err := a.configSeverities(o, c, at); err != nil {
		return err
	}
	if err := configModels(o, c, at); err != nil {
		return err
	}
	if err := configLimits(o, c, at); err != nil {
		return err
	}
	configMisc(o, c, at)
	return nil
}

// checkAt validates a checker name of the file.
func (a *app) checkAt(s config.String, key string, at func(int) string) error {
	if a.registry.Lookup(s.Value) == nil {
		return fmt.Errorf("%s: %s: unknown checker %q (valid: %s)", at(s.Line), key, s.Value, strings.Join(a.registry.Names(), ", "))
	}
	return nil
}

// configChecks: without -checks, the default checkers plus checks.enable
// minus checks.disable.
func (a *app) configChecks(o *options, c *config.Config, at func(int) string) error {
	if c == nil || len(c.Enable)+len(c.Disable) == 0 {
		origin := "default"
		if o.setFlags["checks"] {
			origin = "command line (-checks)"
		}
		o.settings = append(o.settings, setting{"checks", strings.Join(a.checkNames(o.checks), ", "), origin})
		return nil
	}
	var origins []string
	names := a.checkNames(nil)
	for _, s := range c.Enable {
		if err := a.checkAt(s, "checks.enable", at); err != nil {
			return err
		}
		if !slices.Contains(names, s.Value) {
			names = append(names, s.Value)
		}
		origins = append(origins, "+"+s.Value+" "+at(s.Line))
	}
	for _, s := range c.Disable {
		if err := a.checkAt(s, "checks.disable", at); err != nil {
			return err
		}
		names = slices.DeleteFunc(names, func(n string) bool { return n == s.Value })
		origins = append(origins, "-"+s.Value+" "+at(s.Line))
	}
	if o.setFlags["checks"] {
		o.settings = append(o.settings, setting{"checks", strings.Join(a.checkNames(o.checks), ", "), "command line (-checks), over " + c.Path})
		return nil
	}
	slices.Sort(names)
	if len(names) == 0 {
		names = []string{} // not nil: nil means the defaults
	}
	o.checks = names
	o.settings = append(o.settings, setting{"checks", strings.Join(names, ", "), "defaults " + strings.Join(origins, " ")})
	return nil
}

// checkNames returns the names -checks selects (nil: the defaults).
func (a *app) checkNames(checks []string) []string {
	if checks != nil {
		return append([]string(nil), checks...)
	}
	var names []string
	for _, c := range a.registry {
		if c.Default {
			names = append(names, c.Name())
		}
	}
	return names
}

// configSeverities gives a copy of the registry the file's severities.
func (a *app) configSeverities(o *options, c *config.Config, at func(int) string) error {
	changed := map[string]config.Severity{}
	if c != nil {
		for _, s := range c.Severity {
			if err := a.checkAt(s.Checker, "severity", at); err != nil {
				return err
			}
			changed[s.Checker.Value] = s
		}
	}
	reg := make(checkers.Registry, len(a.registry))
	for i, ch := range a.registry {
		cp := *ch
		origin := "default"
		if s, ok := changed[ch.Name()]; ok {
			cp.Severity = checkers.SeverityNamed(s.Level.Value)
			origin = at(s.Level.Line)
		}
		reg[i] = &cp
		o.settings = append(o.settings, setting{"severity." + ch.Name(), cp.Severity.String(), origin})
	}
	a.registry = reg
	return nil
}

// configModels: without -model, the file's profiles.
func configModels(o *options, c *config.Config, at func(int) string) error {
	switch {
	case o.setFlags["model"]:
		o.settings = append(o.settings, setting{"models", o.model, "command line (-model)"})
	case c != nil && len(c.Models) > 0:
		var names []string
		for _, m := range c.Models {
			if err := symexec.CheckModel(m.Value); err != nil {
				return fmt.Errorf("%s: models: %w", at(m.Line), err)
			}
			names = append(names, m.Value)
		}
		o.model = strings.Join(names, ",")
		o.settings = append(o.settings, setting{"models", o.model, at(c.Models[0].Line)})
	default:
		o.settings = append(o.settings, setting{"models", "(the union of the bundled profiles)", "default"})
	}
	return nil
}

// configLimits: the file's user-limits, each replaced by the one
// -user-limits gives for the same size; o.limits is the result, in
// the flag's form. -print-config shows every user size's limit.
func configLimits(o *options, c *config.Config, at func(int) string) error {
	limits := map[string]int64{}
	origin := map[string]string{}
	if c != nil {
		for _, l := range c.UserLimits {
			if err := symexec.CheckLimit(l.Name.Value, l.Value); err != nil {
				return fmt.Errorf("%s: user-limits: %w", at(l.Name.Line), err)
			}
			limits[l.Name.Value], origin[l.Name.Value] = l.Value, at(l.Line)
		}
	}
	if o.setFlags["user-limits"] {
		for part := range strings.SplitSeq(o.limitsFlag, ",") {
			name, val, ok := strings.Cut(strings.TrimSpace(part), "=")
			if !ok {
				continue // validate rejected it
			}
			v, _ := strconv.ParseInt(strings.TrimSpace(val), 0, 64)
			name = strings.TrimSpace(name)
			limits[name], origin[name] = v, "command line (-user-limits)"
		}
	}
	defaults := symexec.DefaultLimits()
	var parts []string
	for _, name := range slices.Sorted(maps.Keys(defaults)) {
		v, from := defaults[name], "default"
		if _, ok := limits[name]; ok {
			v, from = limits[name], origin[name]
			parts = append(parts, fmt.Sprintf("%s=%d", name, v))
		}
		o.settings = append(o.settings, setting{"user-limits." + name, fmt.Sprint(v), from})
	}
	o.limits = strings.Join(parts, ",")
	return nil
}

// configMisc merges mutate, latent, flags, exclude and unused-ignores.
func configMisc(o *options, c *config.Config, at func(int) string) {
	boolSetting := func(key string, flagVal *bool, v *config.Bool, dflt bool, dfltOrigin string) {
		switch {
		case o.setFlags[key]:
			o.settings = append(o.settings, setting{key, fmt.Sprint(*flagVal), "command line (-" + key + ")"})
		case v != nil:
			*flagVal = v.Value
			o.settings = append(o.settings, setting{key, fmt.Sprint(v.Value), at(v.Line)})
		default:
			*flagVal = dflt
			o.settings = append(o.settings, setting{key, fmt.Sprint(dflt), dfltOrigin})
		}
	}
	var mutate, latent, unused *config.Bool
	if c != nil {
		mutate, latent, unused = c.Mutate, c.Latent, c.UnusedIgnores
	}
	boolSetting("mutate", &o.mutate, mutate, false, "default")
	boolSetting("latent", &o.latent, latent, false, "default")
	ci := os.Getenv("CI") != "" && os.Getenv("CI") != "false" && os.Getenv("CI") != "0"
	ciOrigin := "default (off outside CI)"
	if ci {
		ciOrigin = "default (on: the CI environment variable is set)"
	}
	boolSetting("unused-ignores", &o.unusedIgnores, unused, ci, ciOrigin)
	if c == nil {
		return
	}
	if len(c.Flags) > 0 {
		var flags []string
		for _, f := range c.Flags {
			flags = append(flags, f.Value)
		}
		// The file's flags come first: the command line's override them.
		o.clangArgs = append(flags, o.clangArgs...)
		o.settings = append(o.settings, setting{"flags", strings.Join(flags, " "), at(c.Flags[0].Line)})
	}
	for _, e := range c.Exclude {
		o.settings = append(o.settings, setting{"exclude", e.Value, at(e.Line) + " (relative to " + relName(c.Dir()) + ")"})
	}
}

// excluded reports whether the configuration excludes a file.
func (o *options) excluded(name string) bool {
	return o.config != nil && o.config.Excluded(name)
}

// printConfig implements -print-config: each effective value, and where
// it came from.
func (a *app) printConfig() {
	o := a.opts
	if o.config != nil {
		fmt.Fprintf(a.stdout, "# configuration file: %s\n", o.config.Path)
	} else {
		fmt.Fprintf(a.stdout, "# no %s found from %s upwards\n", config.FileName, o.patternDir())
	}
	for _, s := range o.settings {
		fmt.Fprintf(a.stdout, "%s: %s\t# %s\n", s.key, s.value, s.origin)
	}
	switch {
	case o.compileDB == compileDBOff:
		fmt.Fprintf(a.stdout, "compile_commands.json: off\t# command line (-p)\n")
	case o.compileDB != "":
		fmt.Fprintf(a.stdout, "compile_commands.json: %s\t# command line (-p)\n", o.compileDB)
	default:
		fmt.Fprintf(a.stdout, "compile_commands.json: the first found upwards from each file\t# default\n")
	}
	cacheDir := o.cacheDir
	if cacheDir == "" {
		cacheDir = "off"
	}
	fmt.Fprintf(a.stdout, "cache: %s\t# %s\n", cacheDir, map[bool]string{true: "command line (-cache, -no-cache)", false: "default"}[o.setFlags["cache"] || o.setFlags["no-cache"]])
}
