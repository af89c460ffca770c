package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// sarifMultitool is where `make test-tools` installs Microsoft's SARIF
// validator, relative to this package.
const sarifMultitool = "../../.tools/node_modules/.bin/sarif-multitool"

// TestSARIFValidates checks what code review needs of -sarif (rules with
// help, fingerprints, the witness, the race's code flow) and, when the
// multitool is installed (make test installs it), that the log is valid
// SARIF 2.1.0 without a warning.
func TestSARIFValidates(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the solver")
	}
	code, stdout, stderr := realCLI(t, "-sarif", "-checks=race,barrierdiv", "../../checkers/race/testdata/bug_histogram_shared.cu", project)
	wantExit(t, code, exitIncomplete, stdout, stderr)
	var log struct {
		Runs []struct {
			Tool struct {
				Driver struct {
					Version string
					Rules   []struct {
						ID   string
						Help struct{ Text, Markdown string }
					}
				}
			}
			Results []struct {
				RuleID              string
				PartialFingerprints map[string]string
				Properties          struct{ Witness []string }
				CodeFlows           []struct{ ThreadFlows []struct{ ID string } }
				RelatedLocations    []struct{ ID int }
			}
		}
	}
	if err := json.Unmarshal([]byte(stdout), &log); err != nil || len(log.Runs) != 1 {
		t.Fatalf("%v\n%s", err, stdout)
	}
	run := log.Runs[0]
	if run.Tool.Driver.Version == "" {
		t.Error("no tool version")
	}
	for _, r := range run.Tool.Driver.Rules {
		if r.ID == "race" && !strings.Contains(r.Help.Text, "# Analyzer race") && !strings.Contains(r.Help.Text, "race:") {
			t.Errorf("rule race: help %q", r.Help.Text)
		}
	}
	races, fps := 0, map[string]bool{}
	for _, r := range run.Results {
		fp := r.PartialFingerprints[fingerprintKey]
		if fp == "" || fps[fp] {
			t.Errorf("%s: fingerprint %q missing or repeated", r.RuleID, fp)
		}
		fps[fp] = true
		if r.RuleID != "race" {
			continue
		}
		races++
		if len(r.CodeFlows) != 1 || len(r.CodeFlows[0].ThreadFlows) != 2 || r.CodeFlows[0].ThreadFlows[1].ID != "thread 2" {
			t.Errorf("race without the two threads' code flow: %+v", r.CodeFlows)
		}
		if len(r.Properties.Witness) == 0 || !strings.HasPrefix(r.Properties.Witness[0], "launch grid") {
			t.Errorf("race witness properties %q", r.Properties.Witness)
		}
	}
	if races == 0 {
		t.Errorf("no race result:\n%s", stdout)
	}
	validate(t, stdout)
}

// validate runs the SARIF multitool's validate verb over the log and fails
// on any error or warning it reports.
func validate(t *testing.T, log string) {
	tool, err := filepath.Abs(sarifMultitool)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(tool); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("SARIF multitool not installed: the validation test needs it under CI; `make test-tools` installs it")
		}
		t.Skip("SARIF multitool not installed (make test-tools)")
	}
	dir := t.TempDir()
	in, out := filepath.Join(dir, "cudavet.sarif"), filepath.Join(dir, "validation.sarif")
	if err := os.WriteFile(in, []byte(log), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(tool, "validate", in, "-o", out)
	cmd.Env = append(os.Environ(), "DOTNET_CLI_TELEMETRY_OPTOUT=1")
	msg, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("sarif-multitool validate: %v\n%s", err, msg)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	var res struct {
		Runs []struct {
			Results []struct {
				RuleID  string
				Message struct{ Text string }
			}
		}
	}
	if err := json.Unmarshal(data, &res); err != nil {
		t.Fatal(err)
	}
	for _, r := range res.Runs[0].Results {
		t.Errorf("SARIF validation: %s: %s", r.RuleID, r.Message.Text)
	}
}
