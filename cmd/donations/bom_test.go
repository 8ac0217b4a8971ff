//go:build unix

package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"donations/api/demo"
)

// Every CSV the program writes follows one rule: --bom or --no-bom, else
// the profile's csv_bom; never a mark on another format.
func TestEveryCSVFollowsOneByteOrderMarkRule(t *testing.T) {
	t.Parallel()
	// The mark is one rule over what is written, not over how much: a
	// page of gifts gives every command a CSV to mark.
	env, account, _ := syncedHome(t, demo.Options{Count: 30})
	env["DONATIONS_API_KEY"] = demo.DefaultKey
	cfg := filepath.Join(env["HOME"], "config.toml")
	withConfig := func(bom string) []string {
		if err := os.WriteFile(cfg, []byte("[profiles.main]\nbase_url = \""+account[1]+"\"\nusername = \""+demo.DefaultLogin+"\"\ncsv_bom = "+bom+"\n"), 0o600); err != nil {
			t.Fatal(err)
		}
		return []string{"--config", cfg}
	}
	commands := [][]string{
		{"list", "--format", "csv"},
		{"list", "--offline", "--format", "csv"},
		{"summary", "--by", "form", "--format", "csv"},
		{"summary", "--offline", "--by", "form", "--format", "csv"},
		{"report", "lybunt", "--offline", "--format", "csv"},
	}
	choices := []struct {
		profile string
		flags   []string
		want    bool
	}{
		{"true", nil, true},
		{"false", nil, false},
		{"true", []string{"--no-bom"}, false},
		{"false", []string{"--bom"}, true},
		{"true", []string{"--bom", "--no-bom"}, false}, // the last one given wins
	}
	if testing.Short() {
		// The choice is read once per command, on one goroutine: the race
		// pass writes each command's CSV under the first of them.
		choices = choices[:1]
	}
	for _, tc := range choices {
		for _, args := range commands {
			full := append(append(slices.Clone(args), withConfig(tc.profile)...), tc.flags...)
			r := runCmd(t, env, full...)
			if r.code != 0 || strings.HasPrefix(r.stdout, "\ufeff") != tc.want || strings.Count(r.stdout, "\ufeff") > 1 {
				t.Errorf("csv_bom = %s %v %v: exit %d, %.20q, want a mark: %v (%s)", tc.profile, tc.flags, args, r.code, r.stdout, tc.want, r.stderr)
			}
		}
	}
	r := runCmd(t, env, append([]string{"summary", "--by", "form", "--format", "json", "--bom"}, withConfig("true")...)...)
	if r.code != 0 || strings.Contains(r.stdout, "\ufeff") {
		t.Errorf("JSON with --bom: exit %d, %.20q", r.code, r.stdout)
	}
}
