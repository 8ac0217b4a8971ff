package main

import (
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"donations/api/apitest"
	"donations/api/demo"
)

// --fiscal-start given on the command line is remembered in the profile:
// the file gets the one line, said once on stderr, and later reports
// start their years there without the flag. With no profile it is not
// saved, and that is said.
func TestReportRemembersTheFiscalStart(t *testing.T) {
	t.Parallel()
	// What is checked is the profile and the year's first month, at any
	// size: the race pass (-short) reports over fewer gifts.
	count := apitest.Sized(300, 50)
	var text string
	cfg, yoy := fiscalAccount(t, count, func(url string) string {
		text = "# my account\n[profiles.main]\nbase_url = \"" + url + "\" # the demo\nusername = \"" + demo.DefaultLogin + "\"\n"
		return text
	})
	startsIn := func(r result, month string) {
		t.Helper()
		if !strings.HasPrefix(strings.SplitN(r.stdout, "\n", 3)[1], month+",") {
			t.Errorf("the year does not start in %s:\n%s", month, r.stdout)
		}
	}
	saved := "the fiscal year starts in July for profile main: saved to " + cfg
	first := yoy("--fiscal-start", "7")
	startsIn(first, "Jul")
	if !strings.Contains(first.stderr, saved) {
		t.Errorf("stderr does not say %q:\n%s", saved, first.stderr)
	}
	b, err := os.ReadFile(cfg)
	if err != nil || string(b) != text+"fiscal_start = 7\n" {
		t.Fatalf("the config is now %q (%v), want one line added", b, err)
	}
	for _, args := range [][]string{nil, {"--fiscal-start", "7"}} {
		r := yoy(args...)
		startsIn(r, "Jul")
		if strings.Contains(r.stderr, "fiscal year") {
			t.Errorf("%v: said again: %s", args, r.stderr)
		}
	}
	demoRun := runCmd(t, map[string]string{"HOME": filepath.Dir(cfg)}, "report", "yoy", "--demo", "--demo-count", fmt.Sprint(count), "--format", "csv", "--fiscal-start", "4")
	if demoRun.code != 0 || !strings.Contains(demoRun.stderr, "starts in April: not saved, as no profile is in use") {
		t.Errorf("--demo: exit %d, stderr %s", demoRun.code, demoRun.stderr)
	}
	startsIn(demoRun, "Apr")
}

// fiscalAccount is a demo account of count donations whose config file
// holds profile(the demo's URL), and `report yoy` of 2026 as CSV over it,
// which must exit 0.
func fiscalAccount(t *testing.T, count int, profile func(url string) string) (cfg string, yoy func(args ...string) result) {
	t.Helper()
	hs := httptest.NewServer(demo.New(demo.Options{Count: count}))
	t.Cleanup(hs.Close)
	home := t.TempDir()
	cfg = filepath.Join(home, "config.toml")
	if err := os.WriteFile(cfg, []byte(profile(hs.URL)), 0o600); err != nil {
		t.Fatal(err)
	}
	env := map[string]string{"HOME": home, "DONATIONS_API_KEY": demo.DefaultKey}
	return cfg, func(args ...string) result {
		t.Helper()
		r := runCmd(t, env, append([]string{"report", "yoy", "--format", "csv", "--year", "2026", "--config", cfg}, args...)...)
		if r.code != 0 {
			t.Fatalf("%v: exit %d: %s", args, r.code, r.stderr)
		}
		return r
	}
}

// --dates "fiscal 2026" in a report is the fiscal year its --fiscal-start
// names, as the report's own years are: July 2025 to June 2026, so every
// month of FY2026 holds gifts (500 give each some) and FY2025 none.
func TestReportDatesReadFiscalYearsByTheReportsStart(t *testing.T) {
	t.Parallel()
	r := runCmd(t, nil, "report", "yoy", "--demo", "--demo-count", "500", "--dates", "fiscal 2026", "--fiscal-start", "7", "--year", "2026", "--format", "json")
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	var rows []map[string]any
	if err := json.Unmarshal([]byte(r.stdout), &rows); err != nil {
		t.Fatalf("%v in %s", err, r.stdout)
	}
	if len(rows) != 12 {
		t.Fatalf("%d months, want 12: %s", len(rows), r.stdout)
	}
	for _, row := range rows {
		if n, _ := row["gifts_FY2026"].(float64); n == 0 {
			t.Errorf("%v of FY2026 holds no gift: the dates were not read as that fiscal year", row["month"])
		}
		if n, _ := row["gifts_FY2025"].(float64); n != 0 {
			t.Errorf("%v of FY2025 holds %v gifts, outside the dates asked", row["month"], n)
		}
	}
}

// The gift range table says in its title whether it bands donors or
// gifts, and once which end of a band holds a total that falls on it; at
// 80 columns the title is whole.
func TestRangesSayWhatTheyBandAndWhichEndABandHolds(t *testing.T) {
	t.Parallel()
	// The title and the note are said over any account: the race pass
	// (-short) bands fewer gifts.
	count := fmt.Sprint(apitest.Sized(500, 100))
	for _, tc := range []struct{ by, title string }{
		{"donor", "Gift ranges by donor · 2026 · each donor by their year's total"},
		{"gift", "Gift ranges by gift · 2026 · each gift by its size"},
	} {
		r := runCmd(t, nil, "report", "ranges", "--demo", "--demo-count", count, "--by", tc.by, "--year", "2026", "--format", "table")
		if r.code != 0 {
			t.Fatalf("--by %s: exit %d: %s", tc.by, r.code, r.stderr)
		}
		out := r.stdout + r.stderr
		if !strings.Contains(out, tc.title+"\n") || len(tc.title) > 80 {
			t.Errorf("--by %s: no whole title %q in\n%s", tc.by, tc.title, out)
		}
		if strings.Count(out, "a band holds the totals from its FROM up to, not including, its UP TO") != 1 {
			t.Errorf("--by %s: the band's ends are not said once:\n%s", tc.by, out)
		}
	}
}
