package ui

import (
	"testing"
	"time"

	"donations/api"
	"donations/api/apitest"
	"donations/api/demo"
	"donations/ask"
	"donations/dataset"
	"donations/ui/uictx"
)

// The form's local filters narrow what the store holds, show as chips of
// their own, and x clears them.
func TestFilterFormAppliesLocalFilters(t *testing.T) {
	t.Parallel()
	for _, sh := range apitest.RacedShapes() {
		t.Run(sh.Name, func(t *testing.T) {
			// Two statuses and a band of amounts narrow any account of a
			// few pages; three pages have them all.
			count := testCount
			src, _ := demoSource(t, sh.Of(demo.Options{Count: count}))
			d := newDriver(t, src, 140, 30)
			d.keys("G", "f", "tab", "tab", "tab", "tab", "tab", "tab", "refunded, disputed", "tab", "20..100", "enter")
			rows := d.shownRows()
			if len(rows) == 0 || len(rows) == count {
				t.Fatalf("%d rows: pick filters that tell", len(rows))
			}
			for _, r := range rows {
				v, _ := r.Summary.Amount.Decimal()
				if s := r.Summary.Status.Value; s != "refunded" && s != "disputed" || v.Compare(*mustDecimal(t, "20")) < 0 || mustDecimal(t, "100").Compare(v) < 0 {
					t.Fatalf("donation %d (%s, %s) passed the filters", r.Summary.ID.Value, s, r.Summary.Amount.Text)
				}
			}
			d.mustShow("status=refunded, disputed", "amount=20..100", "status, amount: applied here")
			d.keys("x")
			if d.m.data.Len() != count || d.m.data.q.Filtered() {
				t.Errorf("x left %d rows and %v", d.m.data.Len(), d.m.data.q.Texts)
			}
		})
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
	skipShort(t)
	t.Parallel()
	for _, sh := range apitest.RacedShapes() {
		t.Run(sh.Name, func(t *testing.T) {
			t.Parallel()
			src, srv := demoSource(t, sh.Of(demo.Options{Count: 5000}))
			// The walk of the whole account is stopped at its first page:
			// the requests counted are the range's walk's alone.
			d := newDriverLoading(t, src, 120, 30)
			d.keys("esc")
			before := srv.Requests()
			d.keys("f", "tab", "tab", "tab", "tab", "tab", "2025-03-01..2025-03-31", "enter", "G")
			requests := srv.Requests() - before
			rows := d.shownRows()
			if len(rows) == 0 {
				t.Fatal("no donation in March 2025")
			}
			from, until := time.Date(2025, 3, 1, 0, 0, 0, 0, time.UTC), time.Date(2025, 4, 1, 0, 0, 0, 0, time.UTC)
			for _, r := range rows {
				at, _ := api.Time(r.Summary.Date)
				if at.Before(from) || !at.Before(until) {
					t.Fatalf("donation %d of %v is outside March 2025", r.Summary.ID.Value, at)
				}
			}
			if requests > 20 {
				t.Errorf("%d requests for one month of 50 pages", requests)
			}
			d.mustShow("dates=2025-03-01..2025-03-31", uictx.Commas(len(rows)))
		})
	}
}

// A first name that finds nothing suggests the quick search, which finds
// parts of names (and of every other field), whether the store or the
// server answered: no donor is named "Mar", many a Maria or Mark.
func TestAnUnfoundNameSuggestsTheQuickSearch(t *testing.T) {
	t.Parallel()
	_, c, st := storeAccount(t, 300)
	d := newDriverWith(t, FromClient(c), Options{Store: dataset.Hold(st), Sync: syncWith(st, c)}, 120, 30)
	d.settle()
	if !d.m.data.fromStore() {
		t.Fatal("the store does not answer after the sync")
	}
	d.keys("f", "tab", "Mar", "enter")
	d.mustShow("No donation matches these filters.", "Try the", "quick search: /mar")
	d.keys("x", "/", "mar", "enter")
	if d.m.data.Len() == 0 {
		t.Errorf("the quick search suggested finds nothing:\n%s", d.screen())
	}
}

// An empty date range says which dates it meant: "this month" on the first
// of the month, or a month with no gift, is no mystery then.
func TestAnEmptyDateRangeSaysWhichDatesItMeant(t *testing.T) {
	t.Parallel()
	_, c, st := storeAccount(t, 300)
	d := newDriverWith(t, FromClient(c), Options{Store: dataset.Hold(st), Sync: syncWith(st, c), Location: time.UTC}, 120, 30)
	d.settle()
	d.keys("f", "tab", "tab", "tab", "tab", "tab", "2026-11", "enter")
	d.mustShow("No gift 2026-11-01..2026-11-30 matches these filters.")
}

// The filter form reads "fiscal 2026" by the account's fiscal start, as
// summary --fiscal-start and the reports do: July 2025 to June 2026.
func TestTheFilterFormReadsFiscalYearsByTheAccountsStart(t *testing.T) {
	t.Parallel()
	_, c, st := storeAccount(t, 300)
	d := newDriverWith(t, FromClient(c), Options{Store: dataset.Hold(st), Sync: syncWith(st, c), Location: time.UTC, FiscalStart: 7}, 120, 30)
	d.settle()
	d.keys("f", "tab", "tab", "tab", "tab", "tab", "fiscal 2026", "enter")
	if r := d.m.data.q.Filter.Dates; ask.RangeText(r) != "2025-07-01..2026-06-30" {
		t.Errorf("the form read fiscal 2026 as %s, want 2025-07-01..2026-06-30", ask.RangeText(r))
	}
}
