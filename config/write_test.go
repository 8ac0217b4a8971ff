package config

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The setup screen asks for no fiscal year: the file it writes holds no
// fiscal_start (0 is no month); one that was set is written as its month.
func TestWriteNewWritesOnlyTheKeysSet(t *testing.T) {
	for _, tc := range []struct {
		start int
		want  string // "" for no fiscal_start line
	}{{0, ""}, {7, "fiscal_start = 7"}} {
		path := filepath.Join(t.TempDir(), "config.toml")
		if err := WriteNew(path, "main", Profile{BaseURL: "https://api.example.org", Username: "org_1", APIKeyEnv: "KEY", FiscalStart: tc.start}); err != nil {
			t.Fatal(err)
		}
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		text := string(data)
		if has := strings.Contains(text, "fiscal_start"); has != (tc.want != "") || !strings.Contains(text, tc.want) {
			t.Errorf("fiscal start %d wrote:\n%s", tc.start, text)
		}
		if f, err := Load(path); err != nil || f.Profiles["main"].FiscalStart != tc.start {
			t.Errorf("fiscal start %d read back as %+v, %v", tc.start, f.Profiles["main"], err)
		}
	}
}
