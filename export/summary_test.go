package export_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"math"
	"net/http/httptest"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"donations/api"
	"donations/api/demo"
	"donations/dataset"
	"donations/export"
	"donations/query"
	"donations/report"
	"donations/store"
)

// groupsOf reads out its groups afresh each time it is asked, as the store
// does; later readings give the groups then, to stand for a sync writing
// between two readings.
func groupsOf(readings ...[]store.Group) func(func(store.Group) error) error {
	n := 0
	return func(fn func(store.Group) error) error {
		gs := readings[min(n, len(readings)-1)]
		n++
		for _, g := range gs {
			if err := fn(g); err != nil {
				return err
			}
		}
		return nil
	}
}

func group(key string, n int, cur, sum string) store.Group {
	d, _ := api.ParseDecimal(sum)
	return store.Group{Key: []string{key}, Count: n, Amounts: map[string]api.Decimal{cur: d}, Converted: map[string]api.Decimal{"USD": d}}
}

// wholeOf is what gs add up to, the recurring part being rec's.
func wholeOf(gs []store.Group, rec store.Group) store.Whole {
	w := store.Whole{All: *store.NewGroup(nil), Recurring: rec}
	for _, g := range gs {
		w.All.Add(g)
	}
	return w
}

// summaryOf is the summary of gs by form, as they are read.
func summaryOf(gs ...[]store.Group) report.Summary {
	return report.Summary{By: []string{"form"}, Groups: groupsOf(gs...), Whole: wholeOf(gs[0], *store.NewGroup(nil))}
}

// Each format writes the groups as they are read; the table and CSV read
// them twice, and a store that changed in between is an error rather than
// a column cut short or a sum left out.
func TestSummaryFormatsReadGroupsAsTheyCome(t *testing.T) {
	first := []store.Group{group("Gala", 2, "EUR", "5.00"), group("Spring", 1, "USD", "10.50")}
	want := map[string]string{
		"json": "[\n  {\n    \"group\": \"Gala\",\n    \"count\": 2,\n    \"amounts\": {\n      \"EUR\": \"5.00\"\n    },\n    \"converted\": {\n      \"USD\": \"5.00\"\n    },\n" +
			"    \"share_count\": 66.67,\n    \"share_converted\": 32.26\n  },\n" +
			"  {\n    \"group\": \"Spring\",\n    \"count\": 1,\n    \"amounts\": {\n      \"USD\": \"10.50\"\n    },\n    \"converted\": {\n      \"USD\": \"10.50\"\n    },\n" +
			"    \"share_count\": 33.33,\n    \"share_converted\": 67.74\n  }\n]\n",
		"csv": "form,count,amount EUR,amount USD,converted USD,share_count,share_converted\nGala,2,5.00,,5.00,66.67,32.26\nSpring,1,,10.50,10.50,33.33,67.74\n",
		"table": "FORM    COUNT   SHARE  CONVERTED   SHARE  AMOUNTS\n" +
			"Gala        2   66.7%  USD 5.00    32.3%  EUR 5.00\n" +
			"Spring      1   33.3%  USD 10.50   67.7%  USD 10.50\n" +
			"total       3  100.0%  USD 15.50  100.0%  EUR 5.00 · USD 10.50\n" +
			"recurring: 0 of 3 (0.0%) · USD 0.00 of USD 15.50 converted (0.0%)\n",
	}
	for format, w := range want {
		var b bytes.Buffer
		if err := export.WriteSummary(&b, format, summaryOf(first), 0); err != nil || b.String() != w {
			t.Errorf("%s: %v\n%q\nwant\n%q", format, err, b.String(), w)
		}
	}
	var b bytes.Buffer
	if err := export.WriteSummary(&b, "json", summaryOf(nil), 0); err != nil || b.String() != "[]\n" {
		t.Errorf("no groups: %v %q", err, b.String())
	}
	changed := append([]store.Group{group("A much longer form name", 1, "GBP", "1.00")}, first...)
	for _, format := range []string{"csv", "table"} {
		var b bytes.Buffer
		err := export.WriteSummary(&b, format, summaryOf(first, changed), 0)
		if err == nil || !strings.Contains(err.Error(), "the store changed while the summary was written") {
			t.Errorf("%s: err = %v", format, err)
		}
	}
	stop := errors.New("stop")
	err := export.WriteSummary(&b, "json", report.Summary{By: []string{"form"}, Groups: func(func(store.Group) error) error { return stop }}, 0)
	if !errors.Is(err, stop) {
		t.Errorf("err = %v", err)
	}
}

type entry struct {
	Group          string
	Count          int
	Converted      map[string]string
	ShareCount     float64  `json:"share_count"`
	ShareConverted *float64 `json:"share_converted"`
	Others         int
}

func summaryJSON(t *testing.T, s report.Summary) []entry {
	t.Helper()
	var b bytes.Buffer
	if err := export.WriteSummary(&b, "json", s, 0); err != nil {
		t.Fatal(err)
	}
	var out []entry
	if err := json.Unmarshal(b.Bytes(), &out); err != nil {
		t.Fatalf("%v: %s", err, b.String())
	}
	return out
}

// --sort and --top: the first groups in order, then one row adding up the
// rest (a single group left over is itself), the counts adding up to the
// whole; groups that tie keep key order either way.
func TestSummarySortsAndCutsAtTop(t *testing.T) {
	gs := []store.Group{group("A", 3, "USD", "10.00"), group("B", 1, "USD", "50.00"), group("C", 5, "USD", "1.00"), group("D", 3, "USD", "20.00")}
	rows := func(es []entry) string {
		var out []string
		for _, e := range es {
			out = append(out, fmt.Sprintf("%s %d %s %v %d", e.Group, e.Count, e.Converted["USD"], e.ShareCount, e.Others))
		}
		return strings.Join(out, " | ")
	}
	for _, tc := range []struct {
		order string
		desc  bool
		top   int
		want  string
	}{
		{"amount", true, 2, "B 1 50.00 8.33 0 | D 3 20.00 25 0 | other (2 groups) 8 11.00 66.67 2"},
		{"group", false, 2, "A 3 10.00 25 0 | B 1 50.00 8.33 0 | other (2 groups) 8 21.00 66.67 2"},
		{"count", false, 3, "B 1 50.00 8.33 0 | A 3 10.00 25 0 | D 3 20.00 25 0 | C 5 1.00 41.67 0"},
		{"count", true, 0, "C 5 1.00 41.67 0 | A 3 10.00 25 0 | D 3 20.00 25 0 | B 1 50.00 8.33 0"},
		{"group", true, 0, "D 3 20.00 25 0 | C 5 1.00 41.67 0 | B 1 50.00 8.33 0 | A 3 10.00 25 0"},
	} {
		s := summaryOf(gs)
		s.Order, s.Desc, s.Top = tc.order, tc.desc, tc.top
		if got := rows(summaryJSON(t, s)); got != tc.want {
			t.Errorf("%s desc=%v top %d:\n%s\nwant\n%s", tc.order, tc.desc, tc.top, got, tc.want)
		}
	}
	// Converted to two currencies, a share of the converted total means
	// nothing: null, not a number.
	two := append(slices.Clone(gs), store.Group{Key: []string{"E"}, Count: 1, Converted: map[string]api.Decimal{"EUR": {}}})
	s := summaryOf(two)
	for _, e := range summaryJSON(t, s) {
		if e.ShareConverted != nil {
			t.Errorf("%s: share_converted %v over two currencies", e.Group, *e.ShareConverted)
		}
	}
	// A whole that the groups do not add up to: the store changed between
	// the two readings.
	s = summaryOf(gs)
	s.Whole.All.Count++
	var b bytes.Buffer
	if err := export.WriteSummary(&b, "json", s, 0); err == nil || !strings.Contains(err.Error(), "the store changed") {
		t.Errorf("a whole of %d over groups of %d: %v", s.Whole.All.Count, s.Whole.All.Count-1, err)
	}
}

// collect is an export.Writer that keeps the donations.
type collect struct{ all []api.Donation }

func (c *collect) Write(d *api.Donation) error { c.all = append(c.all, *d); return nil }
func (c *collect) Flush() error                { return nil }
func (c *collect) Close() error                { return nil }

// Over a store synced from the demo server, by form, sorted by converted
// total descending and cut at the top 3: the rows are the three forms an
// independent addition of every donation puts first, the "other" row adds
// up the rest exactly, and the shares are of the whole.
func TestSummaryTopFormsOverTheDemo(t *testing.T) {
	srv := httptest.NewServer(demo.New(demo.Options{Count: 1200}))
	defer srv.Close()
	c, err := api.New(api.Config{BaseURL: srv.URL, Username: demo.DefaultLogin, APIKey: demo.DefaultKey})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	var all collect
	if _, err := export.Stream(ctx, c.Pager(api.Query{}, api.OldestFirst), &all, export.Limits{}, nil); err != nil {
		t.Fatal(err)
	}
	st, err := store.Open(ctx, filepath.Join(t.TempDir(), "main.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if _, err := dataset.Sync(ctx, st, c, dataset.SyncOptions{}); err != nil {
		t.Fatal(err)
	}
	type sum struct {
		form  string
		count int
		conv  api.Decimal
	}
	byForm := map[string]*sum{}
	var total sum
	for _, d := range all.all {
		s := byForm[d.FormName.Value]
		if s == nil {
			s = &sum{form: d.FormName.Value}
			byForm[d.FormName.Value] = s
		}
		v, _ := d.ConvertedAmount.Decimal()
		for _, x := range []*sum{s, &total} {
			x.count++
			x.conv = x.conv.Add(v)
		}
	}
	want := slices.SortedFunc(maps.Values(byForm), func(a, b *sum) int { return b.conv.Compare(a.conv) })
	if len(want) < 5 {
		t.Fatalf("the demo has %d forms; the test needs more than 4", len(want))
	}
	rest := sum{form: fmt.Sprintf("other (%d groups)", len(want)-3)}
	for _, s := range want[3:] {
		rest.count += s.count
		rest.conv = rest.conv.Add(s.conv)
	}
	want = append(want[:3], &rest)

	whole, err := st.Whole(ctx, query.Filter{})
	if err != nil {
		t.Fatal(err)
	}
	got := summaryJSON(t, report.Summary{By: []string{"form"}, Whole: whole, Order: "amount", Desc: true, Top: 3,
		Groups: func(fn func(store.Group) error) error {
			return st.EachGroup(ctx, query.Filter{}, []string{"form"}, nil, fn)
		}})
	if len(got) != 4 {
		t.Fatalf("%d rows, want 4: %+v", len(got), got)
	}
	allConv, _ := strconv.ParseFloat(total.conv.String(), 64)
	for i, w := range want {
		g := got[i]
		conv, _ := strconv.ParseFloat(w.conv.String(), 64)
		wantShare := math.Round(conv/allConv*10000) / 100
		if g.Group != w.form || g.Count != w.count || g.Converted["USD"] != w.conv.String() ||
			g.ShareCount != math.Round(float64(w.count)/float64(total.count)*10000)/100 || g.ShareConverted == nil || *g.ShareConverted != wantShare {
			t.Errorf("row %d = %+v, want %s %d USD %s (%.2f%%)", i, g, w.form, w.count, w.conv, wantShare)
		}
	}
	if got[3].Others != len(byForm)-3 {
		t.Errorf("the other row adds up %d groups, want %d", got[3].Others, len(byForm)-3)
	}
}
