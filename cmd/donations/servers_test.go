package main

import (
	"fmt"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"donations/api"
	"donations/api/apitest"
	"donations/api/demo"
)

// Against every kind of server, a few gifts a page: --newest, a date range online
// (list and summary, counted exactly against the server's own dates), a
// sync and the same range offline, and cache info's count of the account.
func TestEveryKindOfServerAnswersRight(t *testing.T) {
	t.Parallel()
	// The account's last page is not full, and October 2026 holds more
	// than a page: 3015 gifts give it some 80, over pages of 50; the race
	// pass (-short) keeps both with 415 (12) over pages of 10.
	count, perPage := 3015, 50
	if testing.Short() {
		count, perPage = 415, 10
	}
	// The race pass (-short), which needs each concurrent path run once,
	// takes the server that lists newest first only: its walks read ahead
	// back towards page 1, the read-ahead's other way; the other two are
	// walked forward, as nearly every other race-pass test walks, over
	// other data, which the first pass checks.
	for _, sv := range apitest.Raced(apitest.Servers, 2) {
		t.Run(sv.Name, func(t *testing.T) {
			t.Parallel()
			srv := demo.New(sv.Of(demo.Options{Count: count, PageSize: perPage}))
			hs := httptest.NewServer(srv)
			t.Cleanup(hs.Close)
			env := map[string]string{"HOME": t.TempDir(), "DONATIONS_API_KEY": demo.DefaultKey, "TZ": "UTC"}
			cmd := func(args ...string) result {
				t.Helper()
				r := runCmd(t, env, append(args, "--base-url", hs.URL, "--username", demo.DefaultLogin)...)
				if r.code != 0 || strings.Contains(r.stderr, "warning") {
					t.Fatalf("%v: exit %d\n%s", args, r.code, r.stderr)
				}
				return r
			}
			all := srv.Match(demo.Filter{})
			newest := slices.Clone(all[len(all)-10:])
			slices.Reverse(newest)
			if got := ndjsonIDs(t, cmd("list", "--newest", "10", "--format", "ndjson").stdout); !slices.Equal(got, newest) {
				t.Errorf("--newest 10: %v, want %v", got, newest)
			}
			dated := apitest.Dated(t, hs.URL)
			day := func(m time.Month, d int) time.Time { return time.Date(2026, m, d, 0, 0, 0, 0, time.UTC) }
			month := api.DateRange{Since: day(10, 1), Until: day(11, 1)}
			dates := []string{"--since", "2026-10-01", "--until", "2026-10-31"}
			want := apitest.InRange(dated, month)
			listed := len(ndjsonIDs(t, cmd(append([]string{"list", "--no-cache", "--format", "ndjson"}, dates...)...).stdout))
			summed := summaryCount(t, cmd(append([]string{"summary", "--no-cache", "--all-statuses", "--by", "status", "--format", "json"}, dates...)...).stdout)
			if want <= perPage || listed != want || summed != want {
				t.Errorf("October: list %d, summary %d; the server holds %d", listed, summed, want)
			}
			cmd("sync")
			if got := len(ndjsonIDs(t, cmd(append([]string{"list", "--offline", "--format", "ndjson"}, dates...)...).stdout)); got != want {
				t.Errorf("October offline: %d, the server holds %d", got, want)
			}
			server := map[api.ListOrder]string{api.OrderAscending: "oldest first", api.OrderAscendingAsked: "newest first, oldest first with order=asc",
				api.OrderDescending: "newest first only"}[sv.Order] + fmt.Sprintf(", %d a page", perPage)
			if got := len(ndjsonIDs(t, cmd("list", "--offline", "--pages", "2", "--format", "ndjson").stdout)); got != 2*perPage {
				t.Errorf("offline, 2 pages of %d: %d donations", perPage, got)
			}
			if out := cmd("cache", "info").stdout; !strings.Contains(out, fmt.Sprintf("donations:   %d\n", count)) || !strings.Contains(out, "the whole account") ||
				!strings.Contains(out, "server:      "+server) {
				t.Errorf("cache info:\n%s", out)
			}
		})
	}
}
