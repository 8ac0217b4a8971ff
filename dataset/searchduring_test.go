package dataset_test

import (
	"context"
	"testing"

	"donations/api"
	"donations/api/demo"
	"donations/dataset"
	"donations/query"
	"donations/store"
)

// A first sync builds the search index once, at its end: a search while it
// runs (or after it was cut short) looks in what is held all the same, and
// finds what a store with its index finds among the same donations.
func TestSearchDuringAFirstSync(t *testing.T) {
	t.Parallel()
	count := sized(5000, 1500)
	srv := server(t, demo.Options{Count: count})
	c := client(t, srv.URL)
	s, _ := tempStore(t)
	cutShort(t, s, c, dataset.SyncOptions{}, 6)
	var held []api.Donation
	err := s.Donations(context.Background(), query.Query{}, 0, -1, func(d *api.Donation) error {
		held = append(held, *d)
		return nil
	})
	if err != nil || len(held) == 0 || len(held) == count {
		t.Fatalf("the cut sync holds %d donations (%v): want a part", len(held), err)
	}
	indexed, err := store.Memory(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer indexed.Close()
	if _, err := indexed.Put(context.Background(), held); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		search string
		finds  bool // surely something among any hundreds of the demo's
	}{{"lef", true}, {"paid", true}, {"zoe lef", false}, {"ma lef", false}} {
		search, f := tc.search, query.Filter{Search: tc.search}
		got, err := s.Count(context.Background(), query.Query{Filter: f})
		want, werr := indexed.Count(context.Background(), query.Query{Filter: f})
		if err != nil || werr != nil || tc.finds && want == 0 || got != want {
			t.Errorf("%q during the sync: %d found (%v); the same donations indexed: %d (%v)", search, got, err, want, werr)
		}
		donors, err := s.DonorCount(context.Background(), f)
		wantDonors, _ := indexed.DonorCount(context.Background(), f)
		if err != nil || donors != wantDonors {
			t.Errorf("%q during the sync: %d donors (%v), want %d", search, donors, err, wantDonors)
		}
	}
}
