package main

import (
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"donations/api"
	"donations/api/demo"
	"donations/store"
)

// askAccount is a demo server over HTTP, and the environment and flags of
// an account on it with a store of its own.
func askAccount(t *testing.T, count int) (*demo.Server, map[string]string, []string) {
	t.Helper()
	return shapedAccount(t, demo.Options{Count: count})
}

// shapedAccount is askAccount with the demo's options (its shape).
func shapedAccount(t *testing.T, o demo.Options) (*demo.Server, map[string]string, []string) {
	t.Helper()
	srv := demo.New(o)
	hs := httptest.NewServer(srv)
	t.Cleanup(hs.Close)
	env := map[string]string{"HOME": t.TempDir(), "DONATIONS_API_KEY": demo.DefaultKey}
	return srv, env, []string{"--base-url", hs.URL, "--username", demo.DefaultLogin}
}

// decoded is what a list wrote, decoded.
func decoded(t *testing.T, ndjson string) []api.Donation {
	t.Helper()
	var out []api.Donation
	for _, line := range strings.Split(strings.TrimSpace(ndjson), "\n") {
		if line == "" {
			continue
		}
		var d api.Donation
		if err := d.UnmarshalJSON([]byte(line)); err != nil {
			t.Fatalf("not a donation: %q", line)
		}
		out = append(out, d)
	}
	return out
}

// The store's filters give the same answer online (from the pages they
// need) and offline (from the synced store), and the one an independent
// filter of every donation gives.
func TestListFiltersOnlineAndOffline(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("many runs of the program over thousands of donations: left to go test ./...")
	}
	srv, env, account := askAccount(t, 3000)
	all := decoded(t, runCmd(t, env, append([]string{"list", "--format", "ndjson"}, account...)...).stdout)
	if r := runCmd(t, env, append([]string{"sync"}, account...)...); r.code != 0 {
		t.Fatal(r.stderr)
	}
	since, _ := api.Time(all[2000].DonationDate)
	until, _ := api.Time(all[2600].DonationDate)
	keep := func(d api.Donation) bool {
		at, _ := api.Time(d.DonationDate)
		v, _ := d.Amount.Decimal()
		low, _ := api.ParseDecimal("25")
		return !at.Before(since) && at.Before(until.Truncate(24*time.Hour).AddDate(0, 0, 1)) &&
			(d.Status.Value == "paid" || d.Status.Value == "refunded") && !strings.HasPrefix(v.Sub(low).String(), "-")
	}
	var want []int64
	for _, d := range all {
		if keep(d) {
			want = append(want, d.ID.Value)
		}
	}
	flags := []string{"list", "--format", "ndjson", "--since", since.Format(time.RFC3339Nano), "--until", until.Format("2006-01-02"),
		"--status", "paid", "--status", "refunded", "--min-amount", "25"}
	before := srv.Requests()
	online := runCmd(t, env, append(flags, account...)...)
	requests := srv.Requests() - before
	offline := runCmd(t, env, append(append(flags, "--offline"), account...)...)
	for name, r := range map[string]result{"online": online, "offline": offline} {
		if r.code != 0 || !slices.Equal(ndjsonIDs(t, r.stdout), want) {
			t.Errorf("%s: exit %d, %d donations, want %d (%s)", name, r.code, len(ndjsonIDs(t, r.stdout)), len(want), r.stderr)
		}
	}
	// The search for the range and its pages, and the one request that
	// tries date_from/date_to, which this server ignores.
	if requests > 21 {
		t.Errorf("online, a date range read %d pages of 30", requests)
	}
	if srv.Requests() != before+requests {
		t.Errorf("offline made %d requests", srv.Requests()-before-requests)
	}
}

func TestListSortAndSearch(t *testing.T) {
	t.Parallel()
	// The order and the matches are checked the same over any account
	// with a few matches, as three pages hold.
	_, env, account := askAccount(t, 300)
	r := runCmd(t, env, append([]string{"list", "--format", "ndjson", "--search", "ZOE lef", "--sort", "-amount"}, account...)...)
	got := decoded(t, r.stdout)
	if r.code != 0 || len(got) == 0 {
		t.Fatalf("exit %d, %d donations: %s", r.code, len(got), r.stderr)
	}
	for i, d := range got {
		if raw := store.Fold(string(d.Raw)); !strings.Contains(raw, "zoe") || !strings.Contains(raw, "lef") {
			t.Errorf("donation %d has no zoe and no lef", d.ID.Value)
		}
		if i > 0 {
			prev, _ := got[i-1].ConvertedAmount.Decimal()
			this, _ := d.ConvertedAmount.Decimal()
			if strings.HasPrefix(prev.Sub(this).String(), "-") {
				t.Errorf("donation %d (%s) is after a smaller one (%s)", d.ID.Value, this, prev)
			}
		}
	}
}

func TestListBadQuestionFlags(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--since", "yesterday"}, `--since: "yesterday" is not a date`},
		{[]string{"--until", ""}, "--until: the value is empty"},
		{[]string{"--since", "2026-03-10", "--until", "2026-03-01"}, "--since 2026-03-10 --until 2026-03-01: 2026-03-10 is not before 2026-03-01"},
		{[]string{"--min-amount", "ten"}, `--min-amount: "ten" is not an amount`},
		{[]string{"--max-amount", "1.000001"}, "more than 4 decimals"},
		{[]string{"--min-amount", "5,00"}, `--min-amount: "5,00": use a dot for decimals: 5.00`},
		{[]string{"--min-amount", "1.000,50"}, `--min-amount: "1.000,50": use a dot for decimals: 1000.50`},
		{[]string{"--max-amount", "12345678901234567890123"}, `--max-amount: "12345678901234567890123" is too long: at most 14 digits before the point`},
		{[]string{"--status", ","}, "--status: name a status"},
		{[]string{"--sort", "colour"}, `--sort: "colour" is not one of`},
		{[]string{"--recurring", "maybe"}, `--recurring: "maybe" is not yes or no`},
		{[]string{"--newest", "5", "--sort", "amount"}, "--newest is newest first already"},
	} {
		r := runCmd(t, nil, append([]string{"list", "--demo"}, tc.args...)...)
		if r.code != 2 || !strings.Contains(r.stderr, tc.want) || strings.Count(r.stderr, "\n") > 2 ||
			!strings.HasSuffix(r.stderr, "\nTry 'donations list --help'.\n") {
			t.Errorf("%v: exit %d, %q; want 2 and %q", tc.args, r.code, r.stderr, tc.want)
		}
	}
}
