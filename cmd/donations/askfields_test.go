package main

import (
	"strings"
	"testing"
	"time"

	"donations/api"
	"donations/ask"
)

// Every filter the browser has is a flag of list and summary, and answers
// as an independent filter of every donation does.
func TestListTakesEveryFilterOfTheBrowser(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("many runs of the program over thousands of donations: left to go test ./...")
	}
	// Three pages of 100: each filter below keeps of them what it keeps of
	// a larger account (some, last month 8; --until all, as the account
	// ends with last month), and each list online reads them all again.
	_, env, account := askAccount(t, 300)
	all := decoded(t, runCmd(t, env, append([]string{"list", "--format", "ndjson"}, account...)...).stdout)
	lastMonth, _ := api.PresetRange("last month", pinnedNow())
	for _, tc := range []struct {
		args []string
		keep func(d api.Donation) bool
	}{
		{[]string{"--tribute", "yes"}, func(d api.Donation) bool { return d.Honor != nil }},
		{[]string{"--anonymous", "no"}, func(d api.Donation) bool { return !d.Anonymous.Value }},
		{[]string{"--dates", "last month"}, func(d api.Donation) bool { at, _ := api.Time(d.DonationDate); return lastMonth.Contains(at) }},
		{[]string{"--since", "last month"}, func(d api.Donation) bool { at, _ := api.Time(d.DonationDate); return !at.Before(lastMonth.Since) }},
		{[]string{"--until", "last month"}, func(d api.Donation) bool { at, _ := api.Time(d.DonationDate); return at.Before(lastMonth.Until) }},
	} {
		got := decoded(t, runCmd(t, env, append(append([]string{"list", "--format", "ndjson"}, account...), tc.args...)...).stdout)
		var want []int64
		for _, d := range all {
			if tc.keep(d) {
				want = append(want, d.ID.Value)
			}
		}
		if len(want) == 0 || len(got) != len(want) {
			t.Errorf("%v: %d donations, want %d (of %d)", tc.args, len(got), len(want), len(all))
			continue
		}
		for i := range got {
			if got[i].ID.Value != want[i] {
				t.Errorf("%v: donation %d is %d, want %d", tc.args, i, got[i].ID.Value, want[i])
				break
			}
		}
	}
}

// A status or form no donation has is a usage error with the value meant,
// told like any other: one line, then a Try line.
func TestUnknownValuesGetADidYouMean(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("many runs of the program over thousands of donations: left to go test ./...")
	}
	_, env, account := askAccount(t, 500)
	if r := runCmd(t, env, append([]string{"sync"}, account...)...); r.code != 0 {
		t.Fatal(r.stderr)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"list", "--status", "refundd"}, `status: no donation has "refundd" (did you mean "refunded"?)`},
		{[]string{"list", "--form", "Spring"}, `form: no donation has "Spring" (did you mean "Spring Appeal"?)`},
		{[]string{"summary", "--offline", "--by", "form", "--status", "paid,refundd"}, `did you mean "refunded"?`},
		{[]string{"list", "--offline", "--currency", "usdd"}, `did you mean "USD"?`},
	} {
		r := runCmd(t, env, append(tc.args, account...)...)
		try := "\nTry 'donations " + tc.args[0] + " --help'.\n"
		if r.code != 2 || !strings.Contains(r.stderr, tc.want) || !strings.HasPrefix(r.stderr, "donations "+tc.args[0]+": ") ||
			!strings.HasSuffix(r.stderr, try) || strings.Count(r.stderr, "\n") != 2 {
			t.Errorf("%v: exit %d, %q; want 2 and %q, then %q", tc.args, r.code, r.stderr, tc.want, try)
		}
	}
	r := runCmd(t, env, append([]string{"list", "--offline", "--status", "REFUNDED", "--format", "ndjson"}, account...)...)
	if r.code != 0 || r.stdout == "" {
		t.Errorf("a known status in other case: exit %d, %q", r.code, r.stderr)
	}
}

func TestRangesAreRefusedReversedOrTwice(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--min-amount", "100", "--max-amount", "10"}, "the least amount, 100, is above the most, 10"},
		{[]string{"--amount", "100..10"}, "amount: the least amount, 100, is above the most, 10"},
		{[]string{"--dates", "last month", "--since", "2026-01-01"}, "give --dates or --since/--until, not both"},
		{[]string{"--since", "2026-01-01..2026-02-01"}, "is a range; give it to --dates"},
		{[]string{"--dates", "2026-03-10..2026-03-01"}, "dates: 2026-03-10 is not before 2026-03-01"},
	} {
		r := runCmd(t, nil, append([]string{"list", "--demo"}, tc.args...)...)
		if r.code != 2 || !strings.Contains(r.stderr, tc.want) {
			t.Errorf("%v: exit %d, %q; want 2 and %q", tc.args, r.code, r.stderr, tc.want)
		}
	}
}

// A new filter is one row of ask.Fields: list takes it as a flag and the
// store applies it.
func TestANewFilterIsOneRow(t *testing.T) {
	// Not in parallel: it adds a row to ask.Fields, which every command reads.
	saved := ask.Fields
	t.Cleanup(func() { ask.Fields = saved })
	ask.Fields = append(ask.Fields[:len(ask.Fields):len(ask.Fields)], ask.Field{
		Name: "money", Label: "Money", Chip: "money", Hint: "a currency", Form: true, Known: "currency",
		Parse: func(s string, _ time.Time, q *ask.Question) error { q.Filter.Currency = s; return nil }})
	// Three pages of 100: each filter below keeps of them what it keeps of
	// a larger account (some, last month 8; --until all, as the account
	// ends with last month), and each list online reads them all again.
	_, env, account := askAccount(t, 300)
	got := decoded(t, runCmd(t, env, append([]string{"list", "--format", "ndjson", "--money", "eur"}, account...)...).stdout)
	if len(got) == 0 {
		t.Fatal("--money eur found nothing")
	}
	for _, d := range got {
		if !strings.EqualFold(d.Currency.Value, "EUR") {
			t.Errorf("donation %d is in %s", d.ID.Value, d.Currency.Value)
		}
	}
	if r := runCmd(t, nil, "list", "--help"); !strings.Contains(r.stdout, "--money") {
		t.Errorf("list --help does not offer --money:\n%s", r.stdout)
	}
}
