package lsp

import (
	"strings"
	"testing"

	"github.com/cudavet/cudavet/checkers"
)

func TestParseSettings(t *testing.T) {
	for _, c := range []struct {
		json, checks, err string
	}{
		{`null`, "", ""},
		{``, "", ""},
		{`{"checks": "barrierdiv, overflow"}`, "barrierdiv|overflow", ""},
		{`{"checks": ["bounds"]}`, "bounds", ""},
		{`{"cudavet": {"checks": "align"}}`, "align", ""},
		{`{"checks": 3}`, "", "want a string or a list"},
		{`{"chekcs": "x"}`, "", "unknown field"},
		{`[1]`, "", "settings"},
	} {
		s, err := ParseSettings([]byte(c.json))
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("%s: error %v, want %q", c.json, err, c.err)
			}
			continue
		}
		if err != nil || strings.Join(s.Checks, "|") != c.checks {
			t.Errorf("%s: %+v %v, want checks %s", c.json, s, err, c.checks)
		}
	}
}

func TestSettingsMergeAndConfig(t *testing.T) {
	cli := Settings{Checks: []string{"barrierdiv"}, ClangFlags: []string{"-Iinc", "-std=c++17"}, Arch: 800, Debug: true}
	client, err := ParseSettings([]byte(`{"includes": ["csrc"], "defines": ["USE_ROCM=0"], "clangFlags": ["-Wall"], "arch": 900, "model": "llama-3-8b", "jobs": 1}`))
	if err != nil {
		t.Fatal(err)
	}
	s := cli.Merge(client)
	if strings.Join(s.Checks, ",") != "barrierdiv" || s.Arch != 900 || s.Model != "llama-3-8b" || !s.Debug || s.Jobs != 1 {
		t.Errorf("merged %+v", s)
	}
	cfg, err := s.config(checkers.All)
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(cfg.frontend.ClangArgs, " "); got != "-Icsrc -DUSE_ROCM=0 -Iinc -std=c++17 -Wall" {
		t.Errorf("clang args %q", got)
	}
	if len(cfg.analyzers) != 1 || cfg.analyzers[0].Name != "barrierdiv" || cfg.frontend.Arch != 900 || cfg.model != "llama-3-8b" {
		t.Errorf("config %+v", cfg)
	}
	if len(cli.ClangFlags) != 2 {
		t.Error("Merge modified its receiver")
	}
	for _, bad := range []Settings{{Checks: []string{"nosuch"}}, {Arch: 5}, {Jobs: -1}, {UserLimits: "tokens=5"}, {CompileCommands: "/nonexistent/build"}} {
		if _, err := bad.config(checkers.All); err == nil {
			t.Errorf("%+v: no error", bad)
		}
	}
}

func TestForeignSettings(t *testing.T) {
	for raw, want := range map[string]bool{
		`{"glspc": {"x": 1}}`:          true,
		`{"cudavet": {"checks": "x"}}`: false,
		`{"clangFlags": ["-O2"]}`:      false,
		`{}`:                           false,
		`null`:                         false,
	} {
		if got := foreign([]byte(raw)); got != want {
			t.Errorf("foreign(%s) = %v", raw, got)
		}
	}
}
