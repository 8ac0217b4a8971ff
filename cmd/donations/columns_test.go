package main

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"donations/api"
	"donations/api/apitest"
	"donations/api/demo"
)

// The campaign (by part of its name, or its id), the tribute's type and
// the widened search filter list and summary alike online and offline, in
// either shape the demo serves, and as an independent filter of every
// donation does; the spec's records name no campaign, and a filter by one
// says so.
func TestCampaignAndTributeFilters(t *testing.T) {
	if testing.Short() {
		t.Skip("many runs of the program over thousands of donations: left to go test ./...")
	}
	t.Parallel()
	tribute := func(d api.Donation) string {
		if d.Honor == nil {
			return ""
		}
		return d.Honor.TributeType.Value
	}
	cases := []struct {
		args   []string
		keep   func(d api.Donation) bool
		nested bool // only the Donorbox shape's records carry it
	}{
		{[]string{"--campaign", "TRIBU"}, func(d api.Donation) bool { return d.CampaignName.Value == "Tributes" }, true},
		{[]string{"--campaign-id", "103"}, func(d api.Donation) bool { return d.CampaignID.Value == 103 }, true},
		{[]string{"--tribute", "memory"}, func(d api.Donation) bool { return tribute(d) == "memory" }, false},
		{[]string{"--tribute", "HONOR", "--status", "paid"}, func(d api.Donation) bool { return tribute(d) == "honor" && d.Status.Value == "paid" }, false},
		{[]string{"--search", "mother"}, func(d api.Donation) bool {
			return slices.ContainsFunc(d.Questions, func(q api.Question) bool { return strings.Contains(string(q.Answer), "My mother") })
		}, false},
	}
	for _, sh := range apitest.Shapes {
		t.Run(sh.Name, func(t *testing.T) {
			t.Parallel()
			// 600 gifts hold some that each filter keeps and many it
			// leaves out; a filter that keeps none fails.
			_, env, account := shapedAccount(t, sh.Of(demo.Options{Count: 600}))
			all := decoded(t, runCmd(t, env, append([]string{"list", "--format", "ndjson"}, account...)...).stdout)
			if r := runCmd(t, env, append([]string{"sync"}, account...)...); r.code != 0 {
				t.Fatal(r.stderr)
			}
			for _, tc := range cases {
				var want []int64
				for _, d := range all {
					if tc.keep(d) {
						want = append(want, d.ID.Value)
					}
				}
				slices.Sort(want)
				for _, mode := range []string{"online", "offline"} {
					args := append(append([]string{"list", "--format", "ndjson"}, tc.args...), account...)
					if mode == "offline" {
						args = append(args, "--offline")
					}
					r := runCmd(t, env, args...)
					switch {
					case tc.nested && sh.Name == demo.ShapeSpec && (mode == "offline" || tc.args[0] == "--campaign"):
						if r.code != 2 || !strings.Contains(r.stderr, "no stored donation has any campaign") {
							t.Errorf("%s %v: exit %d, %q; want 2 saying no donation has a campaign", mode, tc.args, r.code, r.stderr)
						}
					case tc.nested && sh.Name == demo.ShapeSpec:
						// The server filters by campaign id through its forms,
						// which the records name, not their campaign.
					case len(want) == 0 || r.code != 0 || !slices.Equal(sortedIDs(t, r.stdout), want):
						t.Errorf("%s %v: exit %d, %d donations, want %d (%s)", mode, tc.args, r.code, len(ndjsonIDs(t, r.stdout)), len(want), r.stderr)
					}
				}
			}
			checkSummaryByCampaign(t, env, account, all, sh.Name == demo.ShapeDonorbox)
			r := runCmd(t, env, append([]string{"list", "--offline", "--tribute", "memroy"}, account...)...)
			if r.code != 2 || !strings.Contains(r.stderr, `tribute: no donation has "memroy" (did you mean "memory"?)`) {
				t.Errorf("an unknown tribute type: exit %d, %q", r.code, r.stderr)
			}
		})
	}
}

// checkSummaryByCampaign checks summary --by campaign against the count of
// every campaign's donations.
func checkSummaryByCampaign(t *testing.T, env map[string]string, account []string, all []api.Donation, nested bool) {
	t.Helper()
	want := map[string]int{}
	for _, d := range all {
		want[d.CampaignName.Value]++
	}
	r := runCmd(t, env, append([]string{"summary", "--offline", "--all-statuses", "--by", "campaign", "--format", "json"}, account...)...)
	var rows []struct {
		Group string
		Count int
	}
	if err := json.Unmarshal([]byte(r.stdout), &rows); r.code != 0 || err != nil {
		t.Fatalf("summary --by campaign: exit %d, %v: %s", r.code, err, r.stderr)
	}
	got := map[string]int{}
	for _, row := range rows {
		got[row.Group] = row.Count
	}
	if len(got) != len(want) || nested != (len(want) > 1) {
		t.Fatalf("summary --by campaign: %v, want %v", got, want)
	}
	for k, n := range want {
		if got[k] != n {
			t.Errorf("summary --by campaign: %q has %d, want %d", k, got[k], n)
		}
	}
}

// sortedIDs are the ids a list wrote, ascending: offline lists are in the
// store's order, online ones in the server's (newest first in the
// Donorbox shape).
func sortedIDs(t *testing.T, ndjson string) []int64 {
	ids := ndjsonIDs(t, ndjson)
	slices.Sort(ids)
	return ids
}

// A gift the server sent no conversion for (the Donorbox shape's old
// ones) is counted in its own currency in the converted totals of a
// summary, never dropped, and the summary says how many there were; a
// gift refunded in part counts less the part refunded.
func TestSummaryCountsGiftsWithoutConversion(t *testing.T) {
	t.Parallel()
	apitest.FirstPassOnly(t, "checks a synced store's sums of gifts without a conversion, SQL on one goroutine; the Donorbox sync is raced in TestReportsAddUpAsTheExport, summary --offline in TestSummaryMonthlyReport")
	// The gifts without a conversion are the old ones, which an account of
	// any size holds: three pages of them.
	_, env, account := shapedAccount(t, demo.Options{Count: 300, Shape: demo.ShapeDonorbox})
	all := decoded(t, runCmd(t, env, append([]string{"list", "--format", "ndjson"}, account...)...).stdout)
	if r := runCmd(t, env, append([]string{"sync"}, account...)...); r.code != 0 {
		t.Fatal(r.stderr)
	}
	counted, without := map[string]map[string]api.Decimal{}, map[string]int{}
	for i := range all {
		g, ok := apitest.NetOf(t, &all[i])
		if !ok {
			t.Fatalf("donation %d has no amount", all[i].ID.Value)
		}
		if counted[g.Status] == nil {
			counted[g.Status] = map[string]api.Decimal{}
		}
		if !g.Converted {
			without[g.Status]++
		}
		counted[g.Status][g.Currency] = counted[g.Status][g.Currency].Add(api.ScaledDecimal(g.Net, 4))
	}
	r := runCmd(t, env, append([]string{"summary", "--offline", "--all-statuses", "--by", "status", "--format", "json"}, account...)...)
	var rows []struct {
		Group        string
		Converted    map[string]string
		NotConverted int `json:"not_converted"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &rows); r.code != 0 || err != nil || len(rows) != len(counted) {
		t.Fatalf("exit %d, %v, %d groups of %d: %s", r.code, err, len(rows), len(counted), r.stderr)
	}
	some := 0
	for _, row := range rows {
		some += row.NotConverted
		if row.NotConverted != without[row.Group] || len(row.Converted) != len(counted[row.Group]) {
			t.Errorf("%s: %d without conversion, converted %v; want %d, %v", row.Group, row.NotConverted, row.Converted, without[row.Group], counted[row.Group])
		}
		for cur, v := range counted[row.Group] {
			if got, err := api.ParseDecimal(row.Converted[cur]); err != nil || got.Compare(v) != 0 {
				t.Errorf("%s: converted %s %s, want %s", row.Group, cur, row.Converted[cur], v)
			}
		}
	}
	if some == 0 {
		t.Fatal("every gift had a conversion: the test tests nothing")
	}
	table := runCmd(t, env, append([]string{"summary", "--offline", "--all-statuses", "--by", "status", "--format", "table"}, account...)...)
	if want := "had no conversion: counted in their own currency"; !strings.Contains(table.stdout, want) {
		t.Errorf("the table does not say %q:\n%s", want, table.stdout)
	}
}
