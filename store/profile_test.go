package store_test

import (
	"context"
	"testing"

	"donations/api"
)

// What a client learned of the server is there when the store is opened
// again, its page size counting the account; a store that never had one
// knows nothing, and asks 100 a page.
func TestTheProfileOutlivesTheProcess(t *testing.T) {
	ctx := context.Background()
	s, path := tempStore(t)
	if p, err := s.Profile(ctx); err != nil || p != (api.Profile{}) {
		t.Fatalf("a new store remembers %+v (%v)", p, err)
	}
	want := api.Profile{Order: api.OrderAscendingAsked, PerPage: 50, Dates: api.DatesDay}
	if err := s.SaveProfile(ctx, want); err != nil {
		t.Fatal(err)
	}
	s.Close()
	s = open(t, path)
	p, err := s.Profile(ctx)
	if err != nil || p != want {
		t.Fatalf("remembered %+v (%v), want %+v", p, err, want)
	}
	if per, err := s.PageSize(ctx, api.MaxPerPage); err != nil || per != 50 {
		t.Fatalf("page size %d (%v), want 50", per, err)
	}
}
