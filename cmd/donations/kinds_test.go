package main

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"net/http"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"donations/api"
	"donations/api/apitest"
	"donations/api/demo"
)

// served is every record of a kind as the server at url sends it, each
// compacted as ndjson writes it, in the server's order.
func served(t *testing.T, url, path string) []string {
	t.Helper()
	var out []string
	for page := 1; ; page++ {
		req, err := http.NewRequest("GET", fmt.Sprintf("%s%s?per_page=100&page=%d", url, path, page), nil)
		if err != nil {
			t.Fatal(err)
		}
		req.SetBasicAuth(demo.DefaultLogin, demo.DefaultKey)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		var list []json.RawMessage
		err = json.NewDecoder(resp.Body).Decode(&list)
		resp.Body.Close()
		if err != nil {
			t.Fatalf("%s page %d: %v", path, page, err)
		}
		for _, raw := range list {
			var b bytes.Buffer
			if err := json.Compact(&b, raw); err != nil {
				t.Fatal(err)
			}
			out = append(out, b.String())
		}
		if len(list) < 100 {
			return out
		}
	}
}

func lines(s string) []string {
	return slices.DeleteFunc(strings.Split(s, "\n"), func(l string) bool { return l == "" })
}

// The spec's server has no kind but donations: each command says so in
// one line and lists nothing, exit 0, online and (after a sync, which
// remembers it) offline; cache info says it once.
func TestKindsOfTheSpecServerAreOneLine(t *testing.T) {
	t.Parallel()
	_, env, account := shapedAccount(t, demo.Options{Count: 60})
	for _, k := range api.RecordKinds {
		r := runCmd(t, env, append([]string{k.Name}, account...)...)
		want := "donations: this server has no " + k.Name + " (it answered 404 to " + k.Path + ")\n"
		if r.code != 0 || r.stdout != "" || r.stderr != want {
			t.Errorf("%s online: exit %d, stdout %q, stderr %q; want exit 0 and %q", k.Name, r.code, r.stdout, r.stderr, want)
		}
	}
	if r := runCmd(t, env, append([]string{"sync"}, account...)...); r.code != 0 || strings.Contains(r.stderr, "404") {
		t.Fatalf("sync: exit %d, %q", r.code, r.stderr)
	}
	r := runCmd(t, env, append([]string{"plans", "--offline", "--status", "active"}, account...)...)
	if want := "donations: this server has no plans (it answered 404 to /api/v1/plans)\n"; r.code != 0 || r.stdout != "" || r.stderr != want {
		t.Errorf("plans --offline: exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}
	r = runCmd(t, env, append([]string{"cache", "info"}, account...)...)
	if r.code != 0 || strings.Count(r.stdout, "this server has no") != 1 ||
		!strings.Contains(r.stdout, "this server has no campaigns, plans, donors, events, tickets, purchases (it answered 404") {
		t.Errorf("cache info: exit %d, %q", r.code, r.stdout)
	}
}

// Over the platform's shape, a sync reads every kind; offline then
// answers as online does, byte for byte, each record as the server sent
// it; cache info says what it holds of each.
func TestKindsSyncThenOfflineAnswerTheSame(t *testing.T) {
	t.Parallel()
	// Every kind has records at any size: 150 gifts hold some of each.
	_, env, account := shapedAccount(t, demo.Options{Count: 150, Shape: demo.ShapeDonorbox})
	r := runCmd(t, env, append([]string{"sync"}, account...)...)
	if r.code != 0 || !strings.Contains(r.stdout, "also read: ") {
		t.Fatalf("sync: exit %d, %q %q", r.code, r.stdout, r.stderr)
	}
	for _, k := range api.RecordKinds {
		want := served(t, account[1], k.Path)
		for _, offline := range []bool{true, false} {
			args := append([]string{k.Name, "--format", "ndjson"}, account...)
			if offline {
				args = append(args, "--offline")
			}
			r := runCmd(t, env, args...)
			got := lines(r.stdout)
			slices.Sort(got)
			sorted := slices.Sorted(slices.Values(want))
			if r.code != 0 || len(got) == 0 || !slices.Equal(got, sorted) {
				t.Errorf("%s (offline %v): exit %d, %d records, the server sends %d; %q", k.Name, offline, r.code, len(got), len(want), r.stderr)
			}
		}
	}
	r = runCmd(t, env, append([]string{"cache", "info"}, account...)...)
	for _, k := range api.RecordKinds {
		if !regexp.MustCompile(`(?m)^` + k.Name + `: +[1-9][0-9]*, read whole `).MatchString(r.stdout) {
			t.Errorf("cache info says nothing of %s: %q", k.Name, r.stdout)
		}
	}
}

// plansAccount is the Donorbox account whose synced HOME the plans'
// filters and list --plan-id share: 400 gifts, 300 in the race pass
// (-short), where the same reads run over plans of every status still.
func plansAccount() demo.Options {
	return demo.Options{Count: apitest.Sized(400, 300), Shape: demo.ShapeDonorbox}
}

// The store's own filters select the same plans offline and online; the
// server's are sent to it, and a filter only the server applies is
// refused offline.
func TestPlansFilters(t *testing.T) {
	t.Parallel()
	env, account, _ := syncedHome(t, plansAccount())
	env["DONATIONS_API_KEY"] = demo.DefaultKey
	plans := func(args ...string) []api.Plan {
		t.Helper()
		r := runCmd(t, env, append(append([]string{"plans", "--format", "ndjson"}, args...), account...)...)
		if r.code != 0 {
			t.Fatalf("plans %v: exit %d, %q", args, r.code, r.stderr)
		}
		var out []api.Plan
		for _, l := range lines(r.stdout) {
			p, err := api.DecodeKindRecord[api.Plan]([]byte(l))
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, p)
		}
		return out
	}
	failed := plans("--status", "failed", "--offline")
	if len(failed) == 0 || slices.ContainsFunc(failed, func(p api.Plan) bool { return p.Status.Value != "failed" }) {
		t.Errorf("--status failed: %d plans, not all failed", len(failed))
	}
	if online := plans("--status", "failed"); len(online) != len(failed) {
		t.Errorf("--status failed: %d plans online, %d offline", len(online), len(failed))
	}
	soon := plans("--next-before", "2026-12-01", "--sort", "next", "--offline")
	if len(soon) == 0 {
		t.Fatal("no plan's next gift is before 2026-12-01")
	}
	for i, p := range soon {
		if d := p.NextDonationDate.Value; d == "" || d[:10] >= "2026-12-01" || i > 0 && d < soon[i-1].NextDonationDate.Value {
			t.Fatalf("--next-before 2026-12-01 --sort next: %q at %d", d, i)
		}
	}
	email := failed[0].Donor.Email.Value
	sent, offline := plans("--email", email), plans("--email", strings.ToUpper(email), "--offline")
	if len(sent) == 0 || len(sent) != len(offline) || slices.ContainsFunc(sent, func(p api.Plan) bool { return !strings.EqualFold(p.Donor.Email.Value, email) }) {
		t.Errorf("--email %s: %d plans from the server, %d offline", email, len(sent), len(offline))
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--status", "faild"}, `did you mean "failed"`},
		{[]string{"--nxet-before", "2026-12-01"}, "--next-before"},
		{[]string{"--sort", "-nxet"}, `did you mean "-next"`},
		{[]string{"--offline", "--first-name", "Ada"}, "--first-name is the server's filter"},
		{[]string{"--offline", "--donor-id", "x"}, "is not an id"},
	} {
		r := runCmd(t, env, append(append([]string{"plans"}, c.args...), account...)...)
		if r.code != 2 || !strings.Contains(r.stderr, c.want) {
			t.Errorf("plans %v: exit %d, %q; want exit 2 and %q", c.args, r.code, r.stderr, c.want)
		}
	}
}

// Campaigns and donors as a table and CSV: a header of their columns and
// a row each, CSV with the byte-order mark when asked.
func TestCampaignsAndDonorsTableAndCSV(t *testing.T) {
	t.Parallel()
	_, env, account := shapedAccount(t, demo.Options{Count: 400, Shape: demo.ShapeDonorbox})
	r := runCmd(t, env, append([]string{"campaigns", "--format", "csv", "--bom", "--sort", "-raised"}, account...)...)
	if r.code != 0 || !strings.HasPrefix(r.stdout, "\ufeffid,name,currency,goal_amt,total_raised,donations_count\n") {
		t.Fatalf("campaigns --format csv --bom: exit %d, %q %q", r.code, r.stdout, r.stderr)
	}
	rows, err := csv.NewReader(strings.NewReader(strings.TrimPrefix(r.stdout, "\ufeff"))).ReadAll()
	if err != nil || len(rows) < 3 {
		t.Fatalf("campaigns csv: %v, %d rows", err, len(rows))
	}
	r = runCmd(t, env, append([]string{"donors", "--format", "table", "--search", "example"}, account...)...)
	if r.code != 0 || !strings.Contains(lines(r.stdout)[0], "EMAIL") || len(lines(r.stdout)) < 2 {
		t.Errorf("donors --format table: exit %d, %q", r.code, r.stdout)
	}
}

// A read of plans cut short (a server that ignores the page repeats page
// 1) with no set held lists nothing and fails: a part of the list must
// not pass for the whole.
func TestPlansReadCutShortListsNothing(t *testing.T) {
	t.Parallel()
	_, env, account := shapedAccount(t, demo.Options{Count: 1500, Shape: demo.ShapeDonorbox, IgnorePage: true})
	r := runCmd(t, env, append([]string{"plans", "--format", "ndjson"}, account...)...)
	if r.code != 1 || r.stdout != "" || !strings.Contains(r.stderr, "the plans could not be read whole, so none are listed") {
		t.Errorf("plans from a server that ignores the page: exit %d, stdout %d bytes, %q", r.code, len(r.stdout), r.stderr)
	}
}

// list --plan-id lists exactly the gifts that name that plan, online and
// offline; a plan id that is not a number is a usage error.
func TestListByPlanID(t *testing.T) {
	t.Parallel()
	env, account, _ := syncedHome(t, plansAccount())
	env["DONATIONS_API_KEY"] = demo.DefaultKey
	list := func(args ...string) []api.Donation {
		t.Helper()
		r := runCmd(t, env, append(append([]string{"list", "--format", "ndjson"}, args...), account...)...)
		if r.code != 0 {
			t.Fatalf("list %v: exit %d, %q", args, r.code, r.stderr)
		}
		return decoded(t, r.stdout)
	}
	byPlan := map[int64][]int64{}
	var most int64
	for _, d := range list() {
		if p := d.PlanID; p.Valid {
			byPlan[p.Value] = append(byPlan[p.Value], d.ID.Value)
			if len(byPlan[p.Value]) > len(byPlan[most]) {
				most = p.Value
			}
		}
	}
	if len(byPlan[most]) < 2 {
		t.Fatalf("no plan has two gifts among %d plans", len(byPlan))
	}
	plan := fmt.Sprint(most)
	for _, args := range [][]string{{"--plan-id", plan}, {"--plan-id", plan, "--offline"}} {
		var got []int64
		for _, d := range list(args...) {
			got = append(got, d.ID.Value)
		}
		if !slices.Equal(got, byPlan[most]) {
			t.Errorf("list %v: %v, want the gifts that name plan %s: %v", args, got, plan, byPlan[most])
		}
	}
	if r := runCmd(t, env, append([]string{"list", "--plan-id", "x"}, account...)...); r.code != 2 || !strings.Contains(r.stderr, `"x" is not a whole number`) {
		t.Errorf("--plan-id x: exit %d, %q", r.code, r.stderr)
	}
}

// donors --sort -raised --currency USD ranks the donors whose total is in
// USD, then lists the others by id: none in another currency among them.
func TestDonorsByRaisedInOneCurrency(t *testing.T) {
	t.Parallel()
	_, env, account := shapedAccount(t, demo.Options{Count: 400, Shape: demo.ShapeDonorbox})
	r := runCmd(t, env, append([]string{"donors", "--format", "ndjson", "--sort", "-raised", "--currency", "usd"}, account...)...)
	if r.code != 0 {
		t.Fatalf("exit %d, %q", r.code, r.stderr)
	}
	inUSD, last, others := true, 0.0, 0
	var lastID int64
	for i, l := range lines(r.stdout) {
		d, err := api.DecodeKindRecord[api.Donor]([]byte(l))
		if err != nil {
			t.Fatal(err)
		}
		usd := len(d.Totals) == 1 && strings.EqualFold(d.Totals[0].Currency.Value, "USD")
		v := 0.0
		if usd {
			v, _ = strconv.ParseFloat(d.Totals[0].Value.Text, 64)
		}
		switch {
		case usd && !inUSD:
			t.Fatalf("donor %d in USD after the others", d.ID.Value)
		case usd && i > 0 && v > last:
			t.Fatalf("donor %d's USD %v after %v", d.ID.Value, v, last)
		case !usd && inUSD:
			inUSD = false
		case !usd && d.ID.Value > lastID:
			t.Fatalf("donor %d after %d among the others, not by id", d.ID.Value, lastID)
		}
		if !usd {
			others++
		}
		last, lastID = v, d.ID.Value
	}
	if inUSD || others == 0 {
		t.Fatalf("no donor in another currency: pick data that tells")
	}
	if r := runCmd(t, env, append([]string{"donors", "--offline", "--sort", "raised", "--currency", "dollars"}, account...)...); r.code == 0 {
		t.Errorf("--currency dollars: exit 0")
	}
}
