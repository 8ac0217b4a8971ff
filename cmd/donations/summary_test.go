package main

import (
	"encoding/json"
	"fmt"
	"maps"
	"math"
	"slices"
	"strings"
	"testing"
	"time"

	"donations/api"
	"donations/api/apitest"
	"donations/api/demo"
	"donations/textsafe"
)

type summaryEntry struct {
	Group     json.RawMessage
	Count     int
	Amounts   map[string]string
	Converted map[string]string
}

// The sums summary writes are those an independent addition of every
// donation gives, online and offline alike.
func TestSummarySumsExactly(t *testing.T) {
	t.Parallel()
	env, account, _ := syncedHome(t, demo.Options{Count: apitest.Sized(2500, 300)}) // the race run looks for races in the same reads at any size
	env["DONATIONS_API_KEY"] = demo.DefaultKey
	all := decoded(t, runCmd(t, env, append([]string{"list", "--format", "ndjson"}, account...)...).stdout)
	type sums struct {
		count     int
		amounts   map[string]api.Decimal
		converted map[string]api.Decimal
	}
	want := map[string]*sums{}
	for _, d := range all {
		if d.Status.Value == "failed" {
			continue
		}
		key := `["` + d.FormName.Value + `","` + strings.ToLower(d.Status.Value) + `"]`
		s := want[key]
		if s == nil {
			s = &sums{amounts: map[string]api.Decimal{}, converted: map[string]api.Decimal{}}
			want[key] = s
		}
		s.count++
		v, _ := d.Amount.Decimal()
		cur := strings.ToUpper(d.Currency.Value)
		s.amounts[cur] = s.amounts[cur].Add(v)
		c, _ := d.ConvertedAmount.Decimal()
		s.converted[d.ConvertedCurrency.Value] = s.converted[d.ConvertedCurrency.Value].Add(c)
	}
	args := []string{"summary", "--by", "form", "--by", "status", "--status", "paid,refunded,pending,disputed", "--format", "json"}
	for _, mode := range [][]string{nil, {"--offline"}} {
		r := runCmd(t, env, append(append(args, mode...), account...)...)
		var got []summaryEntry
		if err := json.Unmarshal([]byte(r.stdout), &got); r.code != 0 || err != nil {
			t.Fatalf("%v: exit %d, %v, %s", mode, r.code, err, r.stderr)
		}
		if len(got) != len(want) {
			t.Fatalf("%v: %d groups, want %d", mode, len(got), len(want))
		}
		for _, g := range got {
			var key []string
			if err := json.Unmarshal(g.Group, &key); err != nil || len(key) != 2 {
				t.Fatalf("group %s is not two keys", g.Group)
			}
			w := want[`["`+key[0]+`","`+key[1]+`"]`]
			if w == nil || g.Count != w.count || len(g.Amounts) != len(w.amounts) || len(g.Converted) != len(w.converted) {
				t.Fatalf("%v: group %s = %+v, want %+v", mode, g.Group, g, w)
			}
			for cur, v := range w.amounts {
				if g.Amounts[cur] != v.String() {
					t.Errorf("%v: group %s %s = %s, want %s", mode, g.Group, cur, g.Amounts[cur], v)
				}
			}
			for cur, v := range w.converted {
				if g.Converted[cur] != v.String() {
					t.Errorf("%v: group %s converted %s = %s, want %s", mode, g.Group, cur, g.Converted[cur], v)
				}
			}
		}
	}
}

func TestSummaryOneKeyAndBadKeys(t *testing.T) {
	t.Parallel()
	// Both groups hold gifts at either size; the race pass (-short) sums
	// fewer through the same reads.
	count := apitest.Sized(1000, 300)
	r := runCmd(t, nil, "summary", "--demo", "--demo-count", fmt.Sprint(count), "--by", "recurring", "--all-statuses", "--format", "json")
	var got []summaryEntry
	if err := json.Unmarshal([]byte(r.stdout), &got); r.code != 0 || err != nil || len(got) != 2 || string(got[0].Group) != `"one-time"` {
		t.Fatalf("exit %d, %v, %s %s", r.code, err, r.stdout, r.stderr)
	}
	if got[0].Count+got[1].Count != count {
		t.Errorf("counts %d + %d, want %d", got[0].Count, got[1].Count, count)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{nil, "give --by once or twice"},
		{[]string{"--by", "form", "--by", "status", "--by", "day"}, "give --by once or twice"},
		{[]string{"--by", "colour"}, `--by: "colour" is not one of`},
		{[]string{"--by", "day", "--by", "day"}, `--by: "day" is given twice`},
		{[]string{"--by", "form", "--format", "xml"}, `--format: "xml" is not one of table, json, csv`},
		{[]string{"--by", "form", "--since", "soon"}, `--since: "soon" is not a date`},
	} {
		r := runCmd(t, nil, append([]string{"summary", "--demo"}, tc.args...)...)
		// The hint is in the one form every command's is.
		if r.code != 2 || !strings.Contains(r.stderr, tc.want) || !strings.HasSuffix(r.stderr, "\nTry 'donations summary --help'.\n") {
			t.Errorf("%v: exit %d, %q; want 2 and %q, then the Try line", tc.args, r.code, r.stderr, tc.want)
		}
	}
}

// A monthly report: last month's donations by form, the three largest
// converted totals first and the rest in one row, online and offline alike,
// as an independent addition of every donation gives them; the table ends
// with the total and its recurring part.
func TestSummaryMonthlyReport(t *testing.T) {
	t.Parallel()
	// Last month must hold more forms than the table's three largest,
	// which 600 gifts do not give; the race pass (-short) runs the same
	// table over 1,000, which still do (checked below).
	env, account, _ := syncedHome(t, demo.Options{Count: apitest.Sized(2500, 1000)})
	env["DONATIONS_API_KEY"] = demo.DefaultKey
	all := decoded(t, runCmd(t, env, append([]string{"list", "--format", "ndjson"}, account...)...).stdout)
	now := pinnedNow() // in UTC, as the program reads "last month" by its clock's zone
	since := time.Date(now.Year(), now.Month()-1, 1, 0, 0, 0, 0, now.Location())
	until := since.AddDate(0, 1, 0)
	type sum struct {
		form          string
		count, recurs int
		conv, recConv api.Decimal
	}
	byForm := map[string]*sum{}
	var whole sum
	for _, d := range all {
		at, _ := api.Time(d.DonationDate)
		if at.Before(since) || !at.Before(until) {
			continue
		}
		s := byForm[d.FormName.Value]
		if s == nil {
			s = &sum{form: d.FormName.Value}
			byForm[d.FormName.Value] = s
		}
		v, _ := d.ConvertedAmount.Decimal()
		for _, x := range []*sum{s, &whole} {
			x.count++
			x.conv = x.conv.Add(v)
			if d.Recurring.Value {
				x.recurs++
				x.recConv = x.recConv.Add(v)
			}
		}
	}
	forms := slices.SortedFunc(maps.Values(byForm), func(a, b *sum) int { return b.conv.Compare(a.conv) })
	if len(forms) < 5 || whole.recurs == 0 {
		t.Fatalf("last month has %d forms and %d recurring gifts; the test needs more", len(forms), whole.recurs)
	}
	var want []string
	for _, f := range forms[:3] {
		want = append(want, fmt.Sprintf("%s %d %s", f.form, f.count, f.conv))
	}
	rest := sum{}
	for _, f := range forms[3:] {
		rest.count += f.count
		rest.conv = rest.conv.Add(f.conv)
	}
	want = append(want, fmt.Sprintf("other (%d groups) %d %s", len(forms)-3, rest.count, rest.conv))

	args := append([]string{"summary", "--by", "form", "--all-statuses", "--dates", "last month", "--sort", "-amount", "--top", "3"}, account...)
	// --top alone keeps the largest too: "top" reads as that.
	topAlone := slices.DeleteFunc(slices.Clone(args), func(a string) bool { return a == "--sort" || a == "-amount" })
	modes := []struct {
		name string
		args []string
	}{{"online", args}, {"offline", slices.Concat(args, []string{"--offline"})},
		{"--top alone", topAlone}, {"--top alone, offline", slices.Concat(topAlone, []string{"--offline"})}}
	if testing.Short() {
		// --top alone reads as --sort -amount does, through the same
		// reads: the race pass needs each of them once.
		modes = modes[:2]
	}
	for _, mode := range modes {
		r := runCmd(t, env, slices.Concat(mode.args, []string{"--format", "json"})...)
		var got []struct {
			summaryEntry
			ShareCount float64 `json:"share_count"`
		}
		if err := json.Unmarshal([]byte(r.stdout), &got); r.code != 0 || err != nil {
			t.Fatalf("%s: exit %d, %v, %s", mode.name, r.code, err, r.stderr)
		}
		var rows []string
		shares := 0.0
		for _, g := range got {
			var key string
			_ = json.Unmarshal(g.Group, &key)
			rows = append(rows, fmt.Sprintf("%s %d %s", key, g.Count, g.Converted["USD"]))
			shares += g.ShareCount
		}
		if !slices.Equal(rows, want) || math.Abs(shares-100) > 0.02 {
			t.Errorf("%s:\n%s\nwant\n%s\n(shares add up to %.2f)", mode.name, strings.Join(rows, "\n"), strings.Join(want, "\n"), shares)
		}
	}
	r := runCmd(t, env, append(args, "--format", "table", "--offline")...)
	lines := strings.Split(strings.TrimSpace(r.stdout), "\n")
	recurring := fmt.Sprintf("recurring: %d of %d (%.1f%%) · USD %s of USD %s converted", whole.recurs, whole.count,
		math.Round(float64(whole.recurs)/float64(whole.count)*1000)/10, textsafe.Thousands(whole.recConv.String()), textsafe.Thousands(whole.conv.String()))
	if r.code != 0 || len(lines) != 7 || !strings.HasPrefix(lines[5], "total") || !strings.Contains(lines[5], "USD "+textsafe.Thousands(whole.conv.String())) ||
		!strings.HasPrefix(lines[6], recurring) {
		t.Errorf("exit %d, %s\n%s\nwant a total row and %q", r.code, r.stdout, r.stderr, recurring)
	}
	for _, tc := range []struct{ flag, value, want string }{
		{"--sort", "colour", `--sort: "colour" is not one of group, -group, count, -count, amount, -amount`},
		{"--top", "-1", "--top: -1 is out of range"},
	} {
		r := runCmd(t, nil, "summary", "--demo", "--by", "form", tc.flag, tc.value)
		if r.code != 2 || !strings.Contains(r.stderr, tc.want) {
			t.Errorf("%s %s: exit %d, %q; want 2 and %q", tc.flag, tc.value, r.code, r.stderr, tc.want)
		}
	}
}
