package main

import (
	"net/http/httptest"
	"testing"

	"donations/api/apitest"
	"donations/api/demo"
)

// A server that writes its dates with offsets without a colon ("+0000",
// "+00"), a space for the "T" or microseconds gives February's list and
// summary the gifts the spec's server gives, none in a blank month.
func TestDatesWithoutAColonLoseNoGift(t *testing.T) {
	t.Parallel()
	apitest.FirstPassOnly(t, "checks that dates in other forms are read as the spec's are, a parse with no goroutine of its own; the walks of list and summary --no-cache over a date range run in TestShiftedDateFilterLosesNoGift")
	// February of the demo's 5,000 gifts holds over 100.
	const count = 5000
	env := map[string]string{"HOME": t.TempDir(), "DONATIONS_API_KEY": demo.DefaultKey}
	feb := []string{"--since", "2026-02-01", "--until", "2026-02-28", "--username", demo.DefaultLogin, "--no-cache"}
	counts := func(o demo.Options) (listed, summed int) {
		hs := httptest.NewServer(demo.New(o))
		defer hs.Close()
		r := runCmd(t, env, append([]string{"list", "--format", "ndjson", "--base-url", hs.URL}, feb...)...)
		s := runCmd(t, env, append([]string{"summary", "--by", "month", "--format", "json", "--base-url", hs.URL}, feb...)...)
		if r.code != 0 || s.code != 0 {
			t.Fatalf("list: exit %d, summary: exit %d\n%s%s", r.code, s.code, r.stderr, s.stderr)
		}
		return len(ndjsonIDs(t, r.stdout)), summaryCount(t, s.stdout)
	}
	wantList, wantSum := counts(demo.Options{Count: count})
	gotList, gotSum := counts(demo.Options{Count: count, DateForm: demo.DateNoColon})
	if wantList <= count/50 || gotList != wantList || gotSum != wantSum {
		t.Errorf("list %d and summary %d of February's %d (summary %d)", gotList, gotSum, wantList, wantSum)
	}
}
