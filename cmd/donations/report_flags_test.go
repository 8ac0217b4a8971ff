package main

import (
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"donations/api/demo"
)

// A profile's fiscal_start is the year's start a report takes unless
// --fiscal-start says otherwise.
func TestReportTakesTheProfilesFiscalStart(t *testing.T) {
	hs := httptest.NewServer(demo.New(demo.Options{Count: 600}))
	t.Cleanup(hs.Close)
	home := t.TempDir()
	cfg := filepath.Join(home, "config.toml")
	if err := os.WriteFile(cfg, []byte("[profiles.main]\nbase_url = \""+hs.URL+"\"\nusername = \""+demo.DefaultLogin+"\"\nfiscal_start = 7\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	env := map[string]string{"HOME": home, "DONATIONS_API_KEY": demo.DefaultKey}
	yoy := func(args ...string) string {
		r := runCmd(t, env, append([]string{"report", "yoy", "--format", "csv", "--year", "2026", "--config", cfg}, args...)...)
		if r.code != 0 {
			t.Fatalf("%v: exit %d: %s", args, r.code, r.stderr)
		}
		return r.stdout
	}
	profile, flag, calendar := yoy(), yoy("--fiscal-start", "7"), yoy("--fiscal-start", "1")
	if profile != flag || !strings.HasPrefix(strings.SplitN(profile, "\n", 3)[1], "Jul,") {
		t.Errorf("the profile's fiscal_start = 7 is not July on:\n%s\n--fiscal-start 7:\n%s", profile, flag)
	}
	if !strings.HasPrefix(strings.SplitN(calendar, "\n", 3)[1], "Jan,") {
		t.Errorf("--fiscal-start 1 does not start in January:\n%s", calendar)
	}
}

// What a report cannot be asked is a usage error, exit 2, saying why.
func TestReportUsageErrors(t *testing.T) {
	for _, c := range []struct {
		args []string
		says string
	}{
		{[]string{"report", "lapsed", "--demo"}, `"lapsed" is not a report`},
		{[]string{"report", "--demo"}, "accepts 1 arg"},
		{[]string{"report", "lybunt", "--demo", "--status", "paid", "--all-statuses"}, "not both"},
		{[]string{"report", "ranges", "--demo", "--bands", "0,500,100"}, "must ascend"},
		{[]string{"report", "ranges", "--demo", "--bands", "0,1e3"}, "not a whole amount"},
		{[]string{"report", "yoy", "--demo", "--fiscal-start", "13"}, "fiscal-start"},
	} {
		r := runCmd(t, nil, c.args...)
		if r.code != 2 || !strings.Contains(r.stderr, c.says) {
			t.Errorf("%v: exit %d, %q; want 2 saying %q", c.args, r.code, r.stderr, c.says)
		}
	}
}
