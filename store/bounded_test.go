package store_test

import (
	"context"
	"math/rand/v2"
	"testing"

	"donations/api/demo"
	"donations/dataset"
	"donations/store"
)

// A store never takes more room than the JSON it holds, after any sequence
// of syncs: here 24 of them at 5,000 donations, each bringing 50 new and
// refunds among the newest, and every 6th a full sync after a
// fiftieth of the gifts were removed and some old ones refunded. At this
// size a store compacted is just within its JSON, so without the check
// the small syncs (each splits index leaves) and the removals would take
// it past: each small sync here does, so every round is one where the
// check must act, and 24 of them hold four full syncs after removals,
// each after small syncs that grew the store, as well as more rounds
// would. The JSON the store counts as it goes is the
// records' bytes as the server sent them: read whole (every record) after
// each full sync, the size checked against the count in between. The
// count is kept by triggers a record at a time, so a small sync that left
// it wrong leaves it wrong at the next full sync's check.
func TestStoreStaysWithinItsJSON(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	skipShort(t)
	// It checks the syncs after the first, which it shares (a copy).
	srv, s, _ := syncedCopy(t, demo.Options{Count: 5_000})
	c := client(t, srv.URL)
	r := rand.New(rand.NewPCG(1, 2))
	for round := 1; round <= 24; round++ {
		added := srv.Add(50)
		for range 3 {
			srv.SetStatus(added[r.IntN(len(added))]-int64(r.IntN(100)), store.Refunded)
		}
		o := dataset.SyncOptions{Window: 2}
		if round%6 == 0 {
			held := ids(t, s)
			for range len(held) / 50 {
				srv.Remove(held[r.IntN(len(held))])
			}
			for range 20 {
				srv.SetStatus(held[r.IntN(len(held))], store.Refunded)
			}
			o = dataset.SyncOptions{Full: true}
		}
		sync(t, s, c, o)
		json, err := s.HeldJSON(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if o.Full {
			if held := exported(t, s); json != held {
				t.Fatalf("after sync %d the store counts %d bytes of JSON, its records are %d", round, json, held)
			}
		}
		if x := sizeOver(t, s, json); x > 1 {
			t.Fatalf("after sync %d the store is %.3f× the JSON it holds", round, x)
		}
	}
}
