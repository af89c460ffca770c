package config

import (
	"strings"
	"testing"
)

// FuzzParse parses arbitrary bytes as a configuration file: it never
// panics, an error names the file, and a file that parses has a line for
// every value it holds (the line diagnostics point at).
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		good, "", "checks:\n  enable: [a]\nmodel: x\n", "severity:\n  bounds: fatal\n",
		"user-limits:\n  num_tokens: 1e9\n", "exclude: ['[']\n", "flags: [\"\"]\n",
		"a: &x [*x]\n", "checks: {enable: !!binary aGk=}\n", "\t- :\n", "mutate: yes\n",
		"user-limits: {batch: -1, seq: 0x7fffffffffffffff}\n", "---\n---\nchecks: {}\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := Parse(data, "fz.yaml")
		if err != nil {
			if !strings.HasPrefix(err.Error(), "fz.yaml") {
				t.Errorf("error does not name the file: %v", err)
			}
			return
		}
		for _, lists := range [][]String{c.Enable, c.Disable, c.Models, c.Flags, c.Exclude} {
			for _, s := range lists {
				if s.Line <= 0 {
					t.Errorf("value %q without a line", s.Value)
				}
			}
		}
		for _, s := range c.Severity {
			if s.Checker.Line <= 0 || s.Level.Line <= 0 {
				t.Errorf("severity %+v without a line", s)
			}
		}
	})
}
