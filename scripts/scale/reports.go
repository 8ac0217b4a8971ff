package main

import (
	"context"
	"fmt"
	"time"

	"donations/store"
)

// reports times each fundraising report over the whole store, reading
// every row it gives, as `donations report NAME --offline` does.
func reports(ctx context.Context, st *store.Store) error {
	q := store.ReportQuery{Year: store.FiscalYearOf(time.Now(), 1), Now: time.Now()}
	start := time.Now()
	notes, err := st.Notes(ctx, q)
	if err != nil {
		return err
	}
	fmt.Printf("| report notes (what counted, currency) | %s | well under 1 s |\n", ms(time.Since(start)))
	cur := notes.Currency
	for _, r := range []struct {
		name string
		run  func() error
	}{
		{store.LYBUNT, func() error {
			return st.Lapsed(ctx, q, store.LYBUNT, cur, func(store.LapsedDonor) error { return nil })
		}},
		{store.SYBUNT, func() error {
			return st.Lapsed(ctx, q, store.SYBUNT, cur, func(store.LapsedDonor) error { return nil })
		}},
		{"retention", func() error { _, err := st.Retention(ctx, q, cur); return err }},
		{"recurring", func() error { return st.Recurring(ctx, q, cur, func(store.RecurringDonor) error { return nil }) }},
		{"yoy", func() error { _, err := st.YearOverYear(ctx, q, cur); return err }},
		{"ranges", func() error { _, err := st.Ranges(ctx, q, cur, store.DefaultBands); return err }},
	} {
		start := time.Now()
		if err := r.run(); err != nil {
			return err
		}
		fmt.Printf("| report %s (every row) | %s | well under 1 s |\n", r.name, ms(time.Since(start)))
	}
	return nil
}
