package store_test

import (
	"context"
	"testing"
	"time"

	"donations/store"
)

// BenchmarkReport reads each fundraising report, every row, over a store
// of 100,000 donations synced from the demo (scripts/scale times them at
// a million).
func BenchmarkReport(b *testing.B) {
	path, _ := syncedStore(b, 100_000)
	s := open(b, path)
	ctx := context.Background()
	now := time.Now()
	q := store.ReportQuery{Year: store.FiscalYearOf(now, 1), Now: now}
	notes, err := s.Notes(ctx, q)
	if err != nil {
		b.Fatal(err)
	}
	cur := notes.Currency
	for _, r := range []struct {
		name string
		run  func() error
	}{
		{"notes", func() error { _, err := s.Notes(ctx, q); return err }},
		{store.LYBUNT, func() error {
			return s.Lapsed(ctx, q, store.LYBUNT, cur, func(store.LapsedDonor) error { return nil })
		}},
		{store.SYBUNT, func() error {
			return s.Lapsed(ctx, q, store.SYBUNT, cur, func(store.LapsedDonor) error { return nil })
		}},
		{"retention", func() error { _, err := s.Retention(ctx, q, cur); return err }},
		{"recurring", func() error { return s.Recurring(ctx, q, cur, func(store.RecurringDonor) error { return nil }) }},
		{"yoy", func() error { _, err := s.YearOverYear(ctx, q, cur); return err }},
		{"ranges", func() error { _, err := s.Ranges(ctx, q, cur, store.DefaultBands); return err }},
	} {
		b.Run(r.name, func(b *testing.B) {
			for b.Loop() {
				if err := r.run(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
