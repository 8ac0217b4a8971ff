package store_test

import (
	"context"
	"testing"

	"donations/api/apitest"
	"donations/api/demo"
	"donations/dataset"
	"donations/dataset/datasettest"
	"donations/query"
	"donations/store"
)

// BenchmarkCampaignGroups is insights' break-down by campaign of the paid
// gifts of a Donorbox-shaped store of 20,000: from the rollup by campaign,
// and from the donations as without it; and one donor's campaigns.
func BenchmarkCampaignGroups(b *testing.B) {
	ctx := context.Background()
	s, _, _, _ := syncedFile(b, apitest.Shapes[1].Of(demo.Options{Count: 20_000}), dataset.SyncOptions{Concurrency: 4})
	paid := query.Filter{Statuses: store.PaidStatuses}
	groups := func(b *testing.B) {
		for b.Loop() {
			if _, err := s.Groups(ctx, paid, []string{"campaign"}, nil); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.Run("rollup", groups)
	direct := datasettest.Direct(b, s)
	b.Run("donations", func(b *testing.B) {
		for b.Loop() {
			if _, err := direct.Groups(ctx, paid, []string{"campaign"}, nil); err != nil {
				b.Fatal(err)
			}
		}
	})
	top, err := s.Donors(ctx, paid, "gifts", true, 0, 1)
	if err != nil || len(top) == 0 {
		b.Fatal(err)
	}
	b.Run("donor", func(b *testing.B) {
		for b.Loop() {
			if _, err := s.DonorCampaigns(ctx, paid, top[0].Email); err != nil {
				b.Fatal(err)
			}
		}
	})
}
