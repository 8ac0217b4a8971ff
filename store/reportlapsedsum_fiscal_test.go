package store_test

import (
	"bytes"
	"context"
	"os"
	"testing"

	"donations/api/demo"
	"donations/dataset"
	"donations/query"
	"donations/report"
	"donations/store"
)

// fiscalQueries are the reports by years starting in month start these
// tests compare: the year the demo's last gifts are in, going on and over.
func fiscalQueries(start int) []report.Query {
	year := report.FiscalYearOf(demo.End, start)
	return []report.Query{{Year: year, FiscalStart: start, Now: demo.End},
		{Year: year, FiscalStart: start, Filter: query.Filter{Statuses: []string{"Paid"}}, Now: demo.End.AddDate(1, 0, 0)}}
}

// sameFiscal checks that LYBUNT, SYBUNT and recurring of each of qs give
// from rollup_donor_last what the gifts give, and that the table is then
// kept for their start, as adding every gift up for it makes it.
func sameFiscal(t *testing.T, s *store.Store, qs []report.Query) {
	t.Helper()
	ctx := context.Background()
	for _, q := range qs {
		sameLapsed(t, s, q)
		sameRecurring(t, s, q)
		if start, err := s.DonorLastStart(ctx); err != nil || start != max(q.FiscalStart, 1) {
			t.Fatalf("%+v: rollup_donor_last is kept for years starting in month %d (%v)", q, start, err)
		}
		if ok, err := s.DonorLastAsAddedUp(ctx); err != nil || !ok {
			t.Fatalf("%+v: rollup_donor_last is not as the gifts add up (%v)", q, err)
		}
	}
}

// LYBUNT, SYBUNT and recurring by fiscal years starting in July or April
// read rollup_donor_last, made anew for that start, and give what the gifts
// give, in both shapes the demo serves, in a year going on and one over;
// and again after a later sync (changeFive), whose triggers keep the table
// by that start. Back to calendar years, it is made anew again.
func TestDonorLastFiscalGivesWhatTheGiftsGive(t *testing.T) {
	t.Parallel()
	skipShort(t)
	for _, shape := range []string{demo.ShapeSpec, demo.ShapeDonorbox} {
		t.Run(shape, func(t *testing.T) {
			s, _, all := syncedShape(t, shape)
			sameFiscal(t, s, fiscalQueries(4))
			july := fiscalQueries(7)
			sameFiscal(t, s, july)
			laterSyncOf(t, s, all)
			sameFiscal(t, s, july)
			calendar := []report.Query{{Year: 2026, Now: demo.End}}
			sameFiscal(t, s, calendar)
			sameFiscal(t, s, july)
			sameFiscal(t, s, calendar)
		})
	}
}

// A read-only store whose rollup_donor_last is kept for calendar years
// answers a report by fiscal years from the gifts, as a writable one does
// from the table, and writes nothing.
func TestDonorLastFiscalReadOnlyReadsTheGifts(t *testing.T) {
	skipShort(t)
	ctx := context.Background()
	s, path, _, _ := syncedFile(t, demo.Options{Count: 1000}, dataset.SyncOptions{})
	q := fiscalQueries(7)[0]
	want := map[string]string{}
	for _, kind := range []string{report.LYBUNT, report.SYBUNT} {
		text, err := lapsedText(kind)(s, q)
		must(t, err)
		want[kind] = text
	}
	sameFiscal(t, s, []report.Query{{Year: 2026, Now: demo.End}})
	s.Close()
	before, err := os.ReadFile(path)
	must(t, err)
	must(t, os.Chmod(path, 0o400))
	t.Cleanup(func() { must(t, os.Chmod(path, 0o600)) })
	s = open(t, path)
	if fast, err := s.DonorLastServes(ctx, q.SQL()); err != nil || fast {
		t.Fatalf("a read-only store kept for calendar years reads rollup_donor_last for fiscal years (%v)", err)
	}
	for _, kind := range []string{report.LYBUNT, report.SYBUNT} {
		got, err := lapsedText(kind)(s, q)
		must(t, err)
		if got != want[kind] {
			t.Fatalf("%s read-only from the gifts:\n%.800s\nfrom the table:\n%.800s", kind, got, want[kind])
		}
	}
	if start, err := s.DonorLastStart(ctx); err != nil || start != 1 {
		t.Fatalf("the read-only store's rollup_donor_last is kept for month %d (%v)", start, err)
	}
	s.Close()
	after, err := os.ReadFile(path)
	must(t, err)
	if !bytes.Equal(before, after) {
		t.Fatal("a report wrote to the read-only store")
	}
}
