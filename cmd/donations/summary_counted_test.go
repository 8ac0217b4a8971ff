package main

import (
	"encoding/json"
	"strings"
	"testing"

	"donations/api"
	"donations/textsafe"
)

// summary's totals follow report's rule: paid gifts by default, with what
// is left out said on stderr; --all-statuses counts every status;
// --status names what counts; the two together are refused.
func TestSummaryCountsThePaidGifts(t *testing.T) {
	t.Parallel()
	// The rule is over statuses, not sizes: 300 gifts hold each status
	// the cases name, which is checked.
	_, env, account := askAccount(t, 300)
	all := decoded(t, runCmd(t, env, append([]string{"list", "--format", "ndjson"}, account...)...).stdout)
	want := map[string]int{} // counts by status as the list has them
	refunded := api.Decimal{}
	for _, d := range all {
		st := strings.ToLower(d.Status.Value)
		want[st]++
		if st == "refunded" {
			c, _ := d.ConvertedAmount.Decimal()
			refunded = refunded.Add(c)
		}
	}
	if want["paid"] == 0 || want["refunded"] == 0 || want["failed"] == 0 {
		t.Fatalf("the account lacks a status the cases count: %v", want)
	}
	cases := []struct {
		name   string
		args   []string
		counts func(status string) bool
		note   string
	}{
		// A break-down by status of the paid gifts alone says so.
		{"paid", nil, func(s string) bool { return s == "paid" }, "--by status groups only the statuses counted; not counted (--all-statuses or --status count them): " +
			textsafe.Count(want["refunded"], "gift") + " refunded (USD " + textsafe.Thousands(refunded.String()) + "), "},
		{"all statuses", []string{"--all-statuses"}, func(string) bool { return true }, ""},
		{"named", []string{"--status", "refunded,failed"}, func(s string) bool { return s == "refunded" || s == "failed" }, ""},
	}
	if testing.Short() {
		// Each case is the same summary's read over other statuses: the
		// race pass runs the default's once.
		cases = cases[:1]
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := runCmd(t, env, append(append([]string{"summary", "--by", "status", "--format", "json"}, tc.args...), account...)...)
			var got []summaryEntry
			if err := json.Unmarshal([]byte(r.stdout), &got); r.code != 0 || err != nil {
				t.Fatalf("exit %d, %v, %s", r.code, err, r.stderr)
			}
			groups := map[string]int{}
			for _, g := range got {
				var key string
				_ = json.Unmarshal(g.Group, &key)
				groups[key] = g.Count
			}
			for st, n := range want {
				if tc.counts(st) && groups[st] != n || !tc.counts(st) && groups[st] != 0 {
					t.Errorf("status %s: summary counts %d, the list has %d", st, groups[st], n)
				}
			}
			if tc.note == "" && strings.Contains(r.stderr, "not counted") || !strings.Contains(r.stderr, tc.note) {
				t.Errorf("stderr %q, want %q", r.stderr, tc.note)
			}
		})
	}
	r := runCmd(t, env, append([]string{"summary", "--by", "status", "--status", "paid", "--all-statuses"}, account...)...)
	if r.code != 2 || !strings.Contains(r.stderr, "give --status or --all-statuses, not both") {
		t.Errorf("both: exit %d, %s", r.code, r.stderr)
	}
}
