package store_test

import (
	"context"
	"testing"
	"time"

	"donations/api"
	"donations/api/apitest"
	"donations/api/demo"
	"donations/dataset"
	"donations/query"
	"donations/store"
)

// BenchmarkFooterGroups is the footer's reading (by status and recurring)
// of a Donorbox-shaped store of 20,000, some of whose paid gifts are
// refunded in part: from the rollups (every donation, the paid ones),
// whose refunds come from the index of them, and from the donations (a
// range of all time), which reads the range twice.
func BenchmarkFooterGroups(b *testing.B) {
	s, _, _, _ := syncedFile(b, apitest.Shapes[1].Of(demo.Options{Count: 20_000}), dataset.SyncOptions{Concurrency: 4})
	for _, c := range []struct {
		name string
		f    query.Filter
	}{{"all", query.Filter{}}, {"paid", query.Filter{Statuses: store.PaidStatuses}},
		{"range", query.Filter{Dates: api.DateRange{Since: time.Unix(0, 0)}}}} {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				if _, err := s.Groups(context.Background(), c.f, []string{"status", "recurring"}, nil); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
