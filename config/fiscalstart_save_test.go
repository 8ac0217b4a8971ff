package config

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Saving fiscal_start edits one line of the profile's table, or adds one
// after its last setting, and leaves every other byte of the file as it
// was: comments, order, other profiles.
func TestSaveFiscalStartChangesOnlyThatLine(t *testing.T) {
	const head = "# my accounts\ndefault_profile = \"main\"\n\n"
	const other = "# the test account\n[profiles.test]\nbase_url = \"https://test.example.org\"\n"
	for _, c := range []struct{ name, main, want string }{
		{"added", "[profiles.main]\nbase_url = \"https://x.org\" # ours\nusername = \"a@x.org\"\n\n",
			"[profiles.main]\nbase_url = \"https://x.org\" # ours\nusername = \"a@x.org\"\nfiscal_start = 7\n\n"},
		{"replaced", "[profiles.main]\nfiscal_start = 4\nbase_url = \"https://x.org\"\n\n",
			"[profiles.main]\nfiscal_start = 7\nbase_url = \"https://x.org\"\n\n"},
		{"quoted, spaced", "[ profiles . \"main\" ]\n  \"fiscal_start\"=1\nbase_url = \"https://x.org\"\n",
			"[ profiles . \"main\" ]\nfiscal_start = 7\nbase_url = \"https://x.org\"\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "config.toml")
			if err := os.WriteFile(path, []byte(head+c.main+other), 0o600); err != nil {
				t.Fatal(err)
			}
			if err := SaveFiscalStart(path, "main", 7); err != nil {
				t.Fatal(err)
			}
			b, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if got := string(b); got != head+c.want+other {
				t.Fatalf("the file is now\n%s\nwant\n%s", got, head+c.want+other)
			}
			f, err := Parse(path, b)
			if err != nil || f.Profiles["main"].FiscalStart != 7 || f.Profiles["test"].FiscalStart != 0 {
				t.Fatalf("read back: %+v, %v", f, err)
			}
		})
	}
}

// A profile the line edit cannot find as a table is not written: the file
// stays, and the error says what to add by hand.
func TestSaveFiscalStartRefusesWhatItCannotEdit(t *testing.T) {
	for _, text := range []string{
		"profiles.main.base_url = \"https://x.org\"\n",
		"[profiles]\nmain = { base_url = \"https://x.org\" }\n",
		"[profiles.other]\nbase_url = \"https://x.org\"\n",
	} {
		path := filepath.Join(t.TempDir(), "config.toml")
		if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
		err := SaveFiscalStart(path, "main", 7)
		if err == nil || !strings.Contains(err.Error(), "fiscal_start = 7") {
			t.Errorf("%q: %v, want an error naming the line to add", text, err)
		}
		if b, _ := os.ReadFile(path); string(b) != text {
			t.Errorf("%q: the file changed to %q", text, b)
		}
	}
}
