package store

import (
	"context"
	"database/sql"
	"testing"

	"donations/api"
	"donations/api/demo"
)

// BenchmarkSyncEnd is what the end of a first sync of 20,000 demo
// donations costs beside its search index and compaction: the indexes and
// triggers it deferred (upkeep), the rollups (sums) and the donors table
// (donors), each in a transaction rolled back, in the order the sync's
// end runs them and as it does (on one connection with a reader's cache,
// spilling to a file, after the compaction).
func BenchmarkSyncEnd(b *testing.B) {
	s := firstSynced(b, 20_000)
	ctx := context.Background()
	on := func(b *testing.B, do func(context.Context, *sql.Tx) error, keep bool) {
		err := s.spilling(ctx, func(conn *sql.Conn) error {
			tx, err := conn.BeginTx(ctx, nil)
			if err == nil {
				defer tx.Rollback()
				err = do(ctx, tx)
			}
			if err == nil && keep {
				err = tx.Commit()
			}
			return err
		})
		if err != nil {
			b.Fatal(err)
		}
	}
	if err := s.spilling(ctx, func(conn *sql.Conn) error { return s.compact(ctx, conn) }); err != nil {
		b.Fatal(err)
	}
	b.Run("upkeep", func(b *testing.B) {
		for b.Loop() {
			on(b, makeUpkeep, false)
		}
	})
	on(b, makeUpkeep, true)
	for _, part := range []struct {
		name string
		do   func(context.Context, execer, string) error
	}{{"sums", rebuildSums}, {"donors", fillDonors}} {
		b.Run(part.name, func(b *testing.B) {
			for b.Loop() {
				on(b, func(ctx context.Context, tx *sql.Tx) error { return part.do(ctx, tx, "") }, false)
			}
		})
	}
}

// firstSynced is a store on disk that holds n demo donations as a first
// sync leaves them before its end: stored with their upkeep deferred.
func firstSynced(b *testing.B, n int) *Store {
	return deferredStore(b, demoDonations(b, n))
}

// demoDonations are n donations of the demo, as its server sends them.
func demoDonations(t testing.TB, n int) []api.Donation {
	return demoList(t, demo.Options{Count: n})
}

// demoList is what the demo server made with o sends, every page.
func demoList(t testing.TB, o demo.Options) []api.Donation {
	t.Helper()
	ctx := context.Background()
	srv, err := demo.Start(ctx, "", o)
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	c, err := api.New(api.Config{BaseURL: srv.URL, Username: demo.DefaultLogin, APIKey: demo.DefaultKey})
	if err != nil {
		t.Fatal(err)
	}
	w := c.Pager(api.Query{}, api.OldestFirst)
	defer w.Close()
	var out []api.Donation
	for !w.Done() {
		batch, err := w.Next(ctx)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, batch.Donations...)
	}
	return out
}
