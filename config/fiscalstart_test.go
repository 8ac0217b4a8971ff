package config

import (
	"errors"
	"testing"
)

// fiscal_start is a month; anything else names the file, line and key.
func TestFiscalStartIsAMonth(t *testing.T) {
	for _, c := range []struct {
		text string
		want int
		bad  bool
	}{
		{"[profiles.a]\nbase_url = \"https://x.org\"\nfiscal_start = 7\n", 7, false},
		{"[profiles.a]\nbase_url = \"https://x.org\"\n", 0, false},
		{"[profiles.a]\nbase_url = \"https://x.org\"\nfiscal_start = 13\n", 0, true},
		{"[profiles.a]\nbase_url = \"https://x.org\"\nfiscal_start = -1\n", 0, true},
	} {
		f, err := Parse("c.toml", []byte(c.text))
		var fe *FileError
		switch {
		case c.bad && (!errors.As(err, &fe) || fe.Line != 3 || fe.Key != "profiles.a.fiscal_start"):
			t.Errorf("%q: %v, want an error at line 3 naming fiscal_start", c.text, err)
		case !c.bad && (err != nil || f.Profiles["a"].FiscalStart != c.want):
			t.Errorf("%q: %v, %+v", c.text, err, f)
		}
	}
}
