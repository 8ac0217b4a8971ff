package dataset_test

import (
	"context"
	"testing"

	"donations/api"
	"donations/api/apitest"
	"donations/api/demo"
	"donations/dataset"
)

// Against every kind of server, 50 a page: a first sync cut short after
// a few pages holds the newest gifts and counts the account with the page
// size served; what the client learned of the server is in the store when
// it is opened again, and a client taught it goes on: the sync completes
// the store, and the next one adds what came since. The account ends on a
// part page; 13 pages show all of it as well as more would, in both
// passes: they are past what the cut-short sync can store, the writer
// storing the pages waiting for it together, up to 8 in a transaction, so
// that the batch that passes page 3 may end at page 10 (with 9 pages that
// batch could hold the whole account).
func TestEveryKindOfServerSyncs(t *testing.T) {
	t.Parallel()
	const count = 615
	pages := (count + 49) / 50
	servers := apitest.Servers
	if testing.Short() {
		// The race pass (-short) syncs the server walked the other way
		// round, whose sync reads newest first 4 pages at once; the first
		// pass checks what every server's syncs hold.
		servers = servers[2:]
	}
	for _, sv := range servers {
		t.Run(sv.Name, func(t *testing.T) {
			t.Parallel()
			srv := server(t, sv.Of(demo.Options{Count: count, PageSize: 50}))
			ctx := context.Background()
			s, path := tempStore(t)
			cutShort(t, s, client(t, srv.URL), dataset.SyncOptions{Concurrency: 1}, 3)
			all := srv.Match(demo.Filter{})
			held := map[int64]bool{}
			for _, id := range ids(t, s) {
				held[id] = true
			}
			for _, id := range all[len(all)-100:] {
				if !held[id] {
					t.Fatalf("after 3 pages the store holds %d donations, not the newest (%d)", len(held), id)
				}
			}
			h, err := s.Holds(ctx, api.DateRange{})
			if err != nil || h.Complete || h.About < count || h.About >= count+50 {
				t.Fatalf("the account is counted as ≈%d donations (%v), it has %d", h.About, err, count)
			}
			s.Close()

			s = open(t, path)
			p, err := s.Profile(ctx)
			if err != nil || p.Order != sv.Order || p.PerPage != 50 {
				t.Fatalf("the store remembers %+v (%v); want order %v, 50 a page", p, err, sv.Order)
			}
			// The pages it lacks, and a few to find where they start.
			res := sync(t, s, client(t, srv.URL), dataset.SyncOptions{Concurrency: 1})
			sameAsServer(t, s, srv)
			if res.Requests > pages-3+6 || len(res.Warnings) > 0 {
				t.Errorf("the sync that completed the store took %d requests, warned %q", res.Requests, res.Warnings)
			}
			srv.Add(120)
			res = sync(t, s, client(t, srv.URL), dataset.SyncOptions{Concurrency: 1, Window: 1})
			sameAsServer(t, s, srv)
			if res.New != 120 || res.Requests > 5 || len(res.Warnings) > 0 {
				t.Errorf("the next sync added %d in %d requests, warned %q", res.New, res.Requests, res.Warnings)
			}
			// A gift removed on the server goes from the store with --full.
			srv.Remove(all[len(all)/3])
			if res = sync(t, s, client(t, srv.URL), dataset.SyncOptions{Full: true, Concurrency: 4}); res.Removed != 1 {
				t.Errorf("a full sync removed %d, warned %q", res.Removed, res.Warnings)
			}
			sameAsServer(t, s, srv)
		})
	}
}
