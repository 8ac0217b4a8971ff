package store_test

import (
	"context"
	"donations/report"
	"testing"
	"time"
)

// BenchmarkReport reads each fundraising report, every row, over a store
// of 100,000 donations synced from the demo (scripts/scale times them at
// a million).
func BenchmarkReport(b *testing.B) {
	path, _ := syncedStore(b, 100_000)
	s := open(b, path)
	ctx := context.Background()
	now := time.Now()
	q := report.Query{Year: report.FiscalYearOf(now, 1), Now: now}
	notes, err := report.NotesOf(ctx, s, q)
	if err != nil {
		b.Fatal(err)
	}
	cur := notes.Currency
	for _, r := range []struct {
		name string
		run  func() error
	}{
		{"notes", func() error { _, err := report.NotesOf(ctx, s, q); return err }},
		{report.LYBUNT, func() error {
			return report.Lapsed(ctx, s, q, report.LYBUNT, cur, func(report.LapsedDonor) error { return nil })
		}},
		{report.SYBUNT, func() error {
			return report.Lapsed(ctx, s, q, report.SYBUNT, cur, func(report.LapsedDonor) error { return nil })
		}},
		{"retention", func() error { _, err := report.RetentionOf(ctx, s, q, cur); return err }},
		{"recurring", func() error {
			return report.Recurring(ctx, s, q, cur, func(report.RecurringDonor) error { return nil })
		}},
		{"yoy", func() error { _, err := report.YearOverYear(ctx, s, q, cur); return err }},
		{"ranges", func() error { _, err := report.Ranges(ctx, s, q, cur, report.DefaultBands); return err }},
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
