package main

import (
	"strings"
	"testing"

	"donations/api/apitest"
	"donations/api/demo"
)

// A profile's fiscal_start is the year's start a report takes unless
// --fiscal-start says otherwise.
func TestReportTakesTheProfilesFiscalStart(t *testing.T) {
	t.Parallel()
	// Which month a year starts in is the same over any account: the race
	// pass reads one of 100 gifts, which give every month some.
	_, run := fiscalAccount(t, apitest.Sized(300, 100), func(url string) string {
		return "[profiles.main]\nbase_url = \"" + url + "\"\nusername = \"" + demo.DefaultLogin + "\"\nfiscal_start = 7\n"
	})
	yoy := func(args ...string) string { return run(args...).stdout }
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
	t.Parallel()
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
		{[]string{"report", "yoy", "--demo", "--fiscal-start", "Juli"}, `"Juli" is not a month`},
		{[]string{"report", "yoy", "--demo", "--fiscal-start", "ju"}, `"ju" is not a month`},
	} {
		r := runCmd(t, nil, c.args...)
		if r.code != 2 || !strings.Contains(r.stderr, c.says) {
			t.Errorf("%v: exit %d, %q; want 2 saying %q", c.args, r.code, r.stderr, c.says)
		}
	}
}

// --fiscal-start takes the month's name as well as its number.
func TestFiscalStartTakesTheMonthsName(t *testing.T) {
	t.Parallel()
	// Any account's report tells one start of the year from another: 100
	// gifts give every month some.
	want := runCmd(t, nil, "report", "yoy", "--demo", "--demo-count", "100", "--format", "csv", "--fiscal-start", "7")
	// The race pass (-short) reads one name: the others are the same
	// parse, on one goroutine, of other text.
	for _, name := range apitest.Raced([]string{"July", "jul", " JULY "}, 0) {
		r := runCmd(t, nil, "report", "yoy", "--demo", "--demo-count", "100", "--format", "csv", "--fiscal-start", name)
		if r.code != 0 || want.code != 0 || r.stdout != want.stdout {
			t.Errorf("--fiscal-start %q: exit %d, %q; want what 7 gives (exit %d)", name, r.code, r.stderr, want.code)
		}
	}
}
