package ui

import (
	"strings"
	"testing"
	"time"

	"donations/api"
	"donations/api/demo"
	"donations/store"
)

func TestLocalFieldsRead(t *testing.T) {
	now := time.Date(2026, 3, 15, 10, 0, 0, 0, time.UTC)
	day := func(m time.Month, d int) time.Time { return time.Date(2026, m, d, 0, 0, 0, 0, time.UTC) }
	for _, tc := range []struct {
		field, text string
		check       func(f store.Filter) bool
		err         string
	}{
		{"Dates", "last month", func(f store.Filter) bool { return f.Dates == api.DateRange{Since: day(2, 1), Until: day(3, 1)} }, ""},
		{"Dates", "14d", func(f store.Filter) bool {
			return f.Dates.Since.Equal(now.AddDate(0, 0, -14)) && f.Dates.Until.IsZero()
		}, ""},
		{"Dates", "2026-03-01..2026-03-10", func(f store.Filter) bool { return f.Dates == api.DateRange{Since: day(3, 1), Until: day(3, 11)} }, ""},
		{"Dates", "..2026-03-10", func(f store.Filter) bool { return f.Dates.Since.IsZero() && f.Dates.Until.Equal(day(3, 11)) }, ""},
		{"Dates", "soon", nil, "a preset"},
		{"Dates", "2026-03-10..2026-03-01", nil, "not before"},
		{"Status", "paid, Refunded,", func(f store.Filter) bool { return strings.Join(f.Statuses, "|") == "paid|Refunded" }, ""},
		{"Amount", "25..100", func(f store.Filter) bool { return f.MinAmount.String() == "25.00" && f.MaxAmount.String() == "100.00" }, ""},
		{"Amount", "250..", func(f store.Filter) bool { return f.MinAmount.String() == "250.00" && f.MaxAmount == nil }, ""},
		{"Amount", "50", func(f store.Filter) bool { return f.MinAmount.String() == "50.00" && f.MaxAmount.String() == "50.00" }, ""},
		{"Amount", "ten..20", nil, "25..100"},
		{"Amount", "0.00001..", nil, "at most 4 decimals"},
		{"Amount", "5,00..", nil, "use a dot for decimals: 5.00"},
		{"Amount", "1,000..2,500.50", func(f store.Filter) bool {
			return f.MinAmount.String() == "1000.00" && f.MaxAmount.String() == "2500.50"
		}, ""},
		{"Recurring", "Yes", func(f store.Filter) bool { return f.Recurring == store.Yes }, ""},
		{"Anonymous", "n", func(f store.Filter) bool { return f.Anonymous == store.No }, ""},
		{"Tribute", "maybe", nil, "yes or no"},
	} {
		texts := make([]string, len(localFields))
		for i, lf := range localFields {
			if lf.label == tc.field {
				texts[i] = tc.text
			}
		}
		f, errs := parseLocal(texts, now)
		got := strings.Join(errs, "")
		if tc.err != "" {
			if !strings.Contains(got, tc.err) {
				t.Errorf("%s %q: error %q, want one saying %q", tc.field, tc.text, got, tc.err)
			}
			continue
		}
		if got != "" || !tc.check(f) {
			t.Errorf("%s %q: filter %+v, error %q", tc.field, tc.text, f, got)
		}
	}
}

// The form's local filters narrow what the store holds, show as chips of
// their own, and x clears them.
func TestFilterFormAppliesLocalFilters(t *testing.T) {
	src, _ := demoSource(t, demo.Options{Count: 600})
	d := newDriver(t, src, 140, 30)
	d.keys("G", "f", "tab", "tab", "tab", "tab", "tab", "tab", "refunded, disputed", "tab", "20..100", "enter")
	rows := d.shownRows()
	if len(rows) == 0 || len(rows) == 600 {
		t.Fatalf("%d rows: pick filters that tell", len(rows))
	}
	for _, r := range rows {
		v, _ := r.s.Amount.Decimal()
		if s := r.s.Status.Value; s != "refunded" && s != "disputed" || less(v, *mustDecimal(t, "20")) || less(*mustDecimal(t, "100"), v) {
			t.Fatalf("donation %d (%s, %s) passed the filters", r.s.ID.Value, s, r.s.Amount.Text)
		}
	}
	d.mustShow("status=refunded, disputed", "amount=20..100", "status, amount: applied here")
	d.keys("x")
	if d.m.data.Len() != 600 || len(d.m.data.localText) != 0 {
		t.Errorf("x left %d rows and %q", d.m.data.Len(), d.m.data.localText)
	}
}

func mustDecimal(t *testing.T, s string) *api.Decimal {
	d, err := api.ParseDecimal(s)
	if err != nil {
		t.Fatal(err)
	}
	return &d
}

// Without a store, a date range reads the API's pages that hold it only,
// and the list then shows exactly the range's donations.
func TestDateFilterWithoutAStoreReadsOnlyItsPages(t *testing.T) {
	src, srv := demoSource(t, demo.Options{Count: 5000})
	d := newDriver(t, src, 120, 30)
	before := srv.Requests()
	d.keys("f", "tab", "tab", "tab", "tab", "tab", "2025-03-01..2025-03-31", "enter", "G")
	requests := srv.Requests() - before
	rows := d.shownRows()
	if len(rows) == 0 {
		t.Fatal("no donation in March 2025")
	}
	from, until := time.Date(2025, 3, 1, 0, 0, 0, 0, time.UTC), time.Date(2025, 4, 1, 0, 0, 0, 0, time.UTC)
	for _, r := range rows {
		at, _ := api.Time(r.s.Date)
		if at.Before(from) || !at.Before(until) {
			t.Fatalf("donation %d of %v is outside March 2025", r.s.ID.Value, at)
		}
	}
	if requests > 20 {
		t.Errorf("%d requests for one month of 50 pages", requests)
	}
	d.mustShow("dates=2025-03-01..2025-03-31", commas(len(rows)))
}
