package store_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"donations/api"
	"donations/query"
	"donations/report"
	"donations/store"
)

// everyDate selects every gift with a date, as the reports read them, by
// a filter that is not empty: the reports then read every donor's gifts.
var everyDate = api.DateRange{Since: time.Date(1900, 1, 1, 0, 0, 0, 0, time.UTC), Until: time.Date(2200, 1, 1, 0, 0, 0, 0, time.UTC)}

// donorReports are the reports that read some donors alone where they can,
// each as text.
var donorReports = []struct {
	name string
	run  func(s *store.Store, q report.Query) (string, error)
}{
	{report.LYBUNT, lapsedText(report.LYBUNT)},
	{report.SYBUNT, lapsedText(report.SYBUNT)},
}

func lapsedText(kind string) func(s *store.Store, q report.Query) (string, error) {
	return func(s *store.Store, q report.Query) (string, error) {
		var out []report.LapsedDonor
		err := report.Lapsed(context.Background(), s, q, kind, "USD", func(d report.LapsedDonor) error { out = append(out, d); return nil })
		// %+v, not JSON: a Decimal marshals to {}, and no amount was
		// compared.
		return fmt.Sprintf("%d %+v", len(out), out), err
	}
}

// A report that reads only the donors the donors table says can be in it
// gives what reading every donor gives: for the year going on, a past
// year (whose donors may have given after it) and fiscal years, for the
// paid gifts, named statuses, and every status but refunded.
func TestReportsReadingSomeDonorsGiveWhatReadingAllGives(t *testing.T) {
	skipShort(t)
	s, _ := synced(t, 3000)
	ctx := context.Background()
	now := time.Date(2026, 5, 1, 0, 0, 0, 0, time.UTC)
	for _, q := range []report.Query{
		{Year: 2026, Now: now},
		{Year: 2025, Now: now},
		{Year: 2026, FiscalStart: 7, Now: now},
		{Year: 2026, Filter: query.Filter{Statuses: []string{"Paid"}}, Now: now},
		{Year: 2026, AllStatuses: true, Now: now},
	} {
		slow := q
		slow.Filter.Dates = everyDate
		if fast, err := s.ReadsSomeDonors(ctx, q.SQL()); err != nil || !fast {
			t.Fatalf("%+v: reads every donor (%v)", q, err)
		}
		if fast, err := s.ReadsSomeDonors(ctx, slow.SQL()); err != nil || fast {
			t.Fatalf("%+v: reads some donors only (%v)", slow, err)
		}
		for _, r := range donorReports {
			t.Run(fmt.Sprintf("%s/%d from %d/%v", r.name, q.Year, q.FiscalStart, report.Counted(q.Rule())), func(t *testing.T) {
				if got := sameReport(t, s, r.run, q, slow); len(got) < 100 {
					t.Fatalf("the report is empty: %s", got)
				}
			})
		}
	}
}

// Where no rule of the donors table counts what a report counts, the
// report reads every donor: a filter on the form, and every status but
// refunded once a gift has no status (which it counts and the table's
// rule of it does not). The paid gifts still read some donors, and give
// what reading all gives.
func TestReportsReadEveryDonorWhereTheDonorsTableCountsOtherwise(t *testing.T) {
	skipShort(t)
	s, all := synced(t, 1000)
	ctx := context.Background()
	now := time.Date(2026, 5, 1, 0, 0, 0, 0, time.UTC)
	paid, every := report.Query{Year: 2026, Now: now}, report.Query{Year: 2026, AllStatuses: true, Now: now}
	byForm := paid
	byForm.Filter.Form = all[0].FormName.Value
	for _, c := range []struct {
		q    report.Query
		fast bool
	}{{paid, true}, {every, true}, {byForm, false}} {
		if fast, err := s.ReadsSomeDonors(ctx, c.q.SQL()); err != nil || fast != c.fast {
			t.Fatalf("%+v: reads some donors %v (%v), want %v", c.q, fast, err, c.fast)
		}
	}
	blank := all[1]
	blank.ID.Value, blank.Status = 1_000_000, api.Text{}
	if _, err := s.Put(ctx, []api.Donation{blank}); err != nil {
		t.Fatal(err)
	}
	if fast, err := s.ReadsSomeDonors(ctx, every.SQL()); err != nil || fast {
		t.Fatalf("every status but refunded, with a gift of none: reads some donors (%v)", err)
	}
	if fast, err := s.ReadsSomeDonors(ctx, paid.SQL()); err != nil || !fast {
		t.Fatalf("paid gifts, with a gift of no status: reads every donor (%v)", err)
	}
	slow := paid
	slow.Filter.Dates = everyDate
	for _, r := range donorReports {
		got, err := r.run(s, paid)
		if err != nil {
			t.Fatal(err)
		}
		if want, err := r.run(s, slow); err != nil || got != want {
			t.Fatalf("%s reading some donors:\n%.600s\nreading all (%v):\n%.600s", r.name, got, err, want)
		}
	}
}

// A status is matched as the SQL matches it: lower case, not folded.
// "diſputed" folds to "disputed" but is not it, and a report that took the
// donors table's every-but-refunded rule for these four counted the
// disputed gifts its own query leaves out.
func TestAnOddlySpelledStatusCountsAsTheQueryCounts(t *testing.T) {
	skipShort(t)
	s, _ := synced(t, 3000)
	q := report.Query{Year: 2026, Filter: query.Filter{Statuses: []string{"paid", "Pending", "failed", "diſputed"}},
		Now: time.Date(2026, 5, 1, 0, 0, 0, 0, time.UTC)}
	if report.Counts("disputed", q.Rule()) {
		t.Errorf("%v counts a disputed gift", q.Filter.Statuses)
	}
	slow := q
	slow.Filter.Dates = everyDate
	for _, r := range donorReports {
		t.Run(r.name, func(t *testing.T) { sameReport(t, s, r.run, q, slow) })
	}
}

// sameReport is report run for q, which it fails unless run for slow (q
// made to read every gift) gives the same.
func sameReport(t *testing.T, s *store.Store, run func(*store.Store, report.Query) (string, error), q, slow report.Query) string {
	t.Helper()
	got, err := run(s, q)
	if err != nil {
		t.Fatal(err)
	}
	want, err := run(s, slow)
	if err != nil {
		t.Fatal(err)
	}
	if got != want {
		t.Fatalf("%+v:\n%.600s\nreading every gift:\n%.600s", q, got, want)
	}
	return got
}
