package config

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const good = `# a project's settings
checks:
  enable: [uninit]
  disable:
    - align
severity:
  bounds: warning
models: [llama-3.1-8b, qwen3-moe]
mutate: true
flags: ["-DUSE_FP8"]
exclude: [third_party, "csrc/rocm/**/*.cu"]
unused-ignores: false
user-limits:
  num_tokens: 262144
  batch: 0x100
latent: true
`

func TestParse(t *testing.T) {
	c, err := Parse([]byte(good), "x.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Enable) != 1 || c.Enable[0] != (String{"uninit", 3}) || c.Disable[0] != (String{"align", 5}) {
		t.Errorf("checks %+v %+v", c.Enable, c.Disable)
	}
	if len(c.Severity) != 1 || c.Severity[0].Checker.Value != "bounds" || c.Severity[0].Level != (String{"warning", 7}) {
		t.Errorf("severity %+v", c.Severity)
	}
	if len(c.Models) != 2 || c.Mutate == nil || !c.Mutate.Value || c.Mutate.Line != 9 || c.UnusedIgnores.Value {
		t.Errorf("models %+v mutate %+v unused %+v", c.Models, c.Mutate, c.UnusedIgnores)
	}
	if c.Latent == nil || !c.Latent.Value || c.Latent.Line != 16 {
		t.Errorf("latent %+v", c.Latent)
	}
	if len(c.UserLimits) != 2 || c.UserLimits[0] != (Limit{String{"num_tokens", 14}, 262144, 14}) || c.UserLimits[1].Value != 256 {
		t.Errorf("user-limits %+v", c.UserLimits)
	}
	c.Path = "/p/.cudavet.yaml"
	for file, want := range map[string]bool{
		"/p/third_party/cutlass/gemm.cu": true, "/p/csrc/rocm/attn/a.cu": true, "/p/csrc/rocm/a.cuh": false,
		"/p/csrc/attn.cu": false, "/elsewhere/third_party/x.cu": false,
	} {
		if got := c.Excluded(file); got != want {
			t.Errorf("Excluded(%s) = %v, want %v", file, got, want)
		}
	}
	if c, err := Parse(nil, "empty.yaml"); err != nil || c.Mutate != nil {
		t.Errorf("empty file: %+v, %v", c, err)
	}
}

// TestErrors: every malformed file is rejected with its line.
func TestErrors(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{"checks:\n  enable: [a]\nmodel: x\n", "x.yaml:3: field model not found"},
		{"checks:\n  enabled: [a]\n", "x.yaml:2: field enabled not found"},
		{"mutate: maybe\n", `x.yaml:1: want true or false, got "maybe"`},
		{"severity:\n  bounds: fatal\n", `x.yaml:2: severity of bounds: "fatal", want one of error, warning, info`},
		{"severity: [bounds]\n", "x.yaml:1: severity: want a mapping"},
		{"models:\n  - {a: 1}\n", "x.yaml:2: want a string, got a mapping"},
		{"flags: -DX\n", "x.yaml:1: cannot unmarshal"},
		{"exclude: ['[a']\n", `x.yaml:1: exclude: malformed pattern "[a"`},
		{"checks: {enable: ['']}\n", "x.yaml:1: empty value"},
		{"checks:\n\tenable: [a]\n", "x.yaml:2: found character that cannot start any token"},
		{"user-limits: [num_tokens]\n", "x.yaml:1: user-limits: want a mapping"},
		{"user-limits:\n  num_tokens: 0\n", `x.yaml:2: user-limits: num_tokens: want a positive integer, got "0"`},
		{"user-limits:\n  batch: many\n", `x.yaml:2: user-limits: batch: want a positive integer, got "many"`},
		{"user-limits:\n  batch: [1]\n", "x.yaml:2: user-limits: batch: want a positive integer, got a list"},
		{"user-limits:\n  batch: 8\n  seq_len: 9\n  batch: 16\n", "x.yaml:4: user-limits: batch given twice (first at line 2)"},
	} {
		_, err := Parse([]byte(tc.src), "x.yaml")
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Parse(%q): %v, want %q", tc.src, err, tc.want)
		}
	}
}

func TestFind(t *testing.T) {
	root := t.TempDir()
	sub := filepath.Join(root, "csrc", "attn")
	if err := os.MkdirAll(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, FileName), []byte("mutate: true\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	p := Find(sub)
	if p != filepath.Join(root, FileName) {
		t.Fatalf("Find: %q", p)
	}
	c, err := Load(p)
	if err != nil || c.Dir() != root || !c.Mutate.Value {
		t.Errorf("Load: %+v %v", c, err)
	}
}
