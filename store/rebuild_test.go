package store_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"donations/api"
	"donations/store"
)

// storeReads are the figures a rebuild must keep: the donations, their
// groups and the donors under each rule, and a year's retention.
func storeReads(t *testing.T, s *store.Store) string {
	t.Helper()
	ctx := context.Background()
	var out string
	n, err := s.Count(ctx, store.Query{})
	if err != nil {
		t.Fatal(err)
	}
	out += fmt.Sprintf("%d donations\n", n)
	for _, f := range []store.Filter{{}, {Statuses: store.PaidStatuses}} {
		g, err := s.Groups(ctx, f, []string{"status", "recurring", "campaign"}, nil)
		if err != nil {
			t.Fatal(err)
		}
		m, err := s.Groups(ctx, f, []string{"month"}, nil)
		if err != nil {
			t.Fatal(err)
		}
		d, err := s.Donors(ctx, f, "total", true, 0, n)
		if err != nil {
			t.Fatal(err)
		}
		out += fmt.Sprintf("%v:\n%v\n%v\n%v\n", f.Statuses, g, m, d)
	}
	// Narrowed to a campaign and to dates too, which read the donor index
	// otherwise.
	since := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)
	for _, q := range []store.ReportQuery{{Year: 2024}, {Year: 2025}, {Year: 2025, Filter: store.Filter{Campaign: "e"}},
		{Year: 2025, Filter: store.Filter{Dates: api.DateRange{Since: since}}}} {
		r, err := s.Retention(ctx, q, "USD")
		if err != nil {
			t.Fatal(err)
		}
		out += fmt.Sprintf("retention %d %+v: %+v\n", q.Year, q.Filter, r)
	}
	return out
}
