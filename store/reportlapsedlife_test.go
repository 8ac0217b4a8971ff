package store_test

import (
	"context"
	"database/sql"
	"fmt"
	"math/rand/v2"
	"testing"

	"donations/api"
	"donations/api/demo"
	"donations/dataset"
	"donations/query"
	"donations/report"
	"donations/store"
)

// nowQueries are the reports of the year going on by srv's clock (the
// demo adds gifts dated by it), for the paid gifts and a named status.
func nowQueries(srv *demo.Running) []report.Query {
	now := srv.Now()
	return []report.Query{{Year: now.Year(), Now: now},
		{Year: now.Year(), Filter: query.Filter{Statuses: []string{"Paid"}}, Now: now}}
}

// recurrency changes the currency of n of the gifts s holds, as a server
// whose records are edited sends them, and stores them: a donor's gifts
// then are in two currencies, or in one again, or in none named. The
// gifts are drawn from the held ids (db reads s's file), and only those
// drawn are read whole.
func recurrency(t *testing.T, s *store.Store, db *sql.DB, r *rand.Rand, n int) {
	t.Helper()
	held := heldIDs(t, db)
	changed := make([]api.Donation, n)
	for i := range changed {
		d := heldRecord(t, s, held[r.IntN(len(held))])
		cur := []string{"eur", "USD", ""}[r.IntN(3)]
		d.Currency = api.Text{Value: cur, Valid: cur != ""}
		if r.IntN(2) == 0 {
			d.ConvertedAmount, d.ConvertedCurrency = api.Number{}, api.Text{}
		}
		changed[i] = edited(t, d)
	}
	if _, err := s.Put(context.Background(), changed); err != nil {
		t.Fatal(err)
	}
}

// heldRecord is the gift of id that s holds, decoded as the client decodes it.
func heldRecord(t *testing.T, s *store.Store, id int64) api.Donation {
	t.Helper()
	var out []api.Donation
	err := s.Donations(context.Background(), query.Query{Filter: query.Filter{ID: id}}, 0, -1, func(d *api.Donation) error {
		out = append(out, *d)
		return nil
	})
	if err != nil || len(out) != 1 {
		t.Fatalf("reading the gift %d: %d records (%v)", id, len(out), err)
	}
	return out[0]
}

// heldIDs are the ids of the gifts held in the store db reads, in order,
// from its id column (datasettest.IDs reads them from the records, as
// numbers, which drifting records do not all send).
func heldIDs(t *testing.T, db *sql.DB) []int64 {
	t.Helper()
	rows, err := db.Query(`SELECT id FROM donations ORDER BY id`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			t.Fatal(err)
		}
		out = append(out, id)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// The demo's hostile and drifting data (escape sequences and 10 kB text,
// numbers as text, nulls, missing and unknown fields), in both shapes,
// give from rollup_donor_last what the gifts give, after a first sync and
// after later syncs that add, refund, remove and change the currency of
// gifts. The demo makes every seventh gift hostile and drifts each in one
// of six ways in turn, so 1,000 gifts hold every kind many times over,
// with donors of several gifts.
func TestDonorLastHoldsHostileData(t *testing.T) {
	t.Parallel()
	skipShort(t)
	for _, shape := range []string{demo.ShapeSpec, demo.ShapeDonorbox} {
		t.Run(shape, func(t *testing.T) {
			// The first sync is shared (a copy) with the life below.
			srv, s, path := syncedCopy(t, demo.Options{Count: 1000, Shape: shape, Hostile: true, Drift: true})
			c := client(t, srv.URL)
			db := reader(t, path)
			heldJSON(t, s, "synced")
			if fastIsSlow(t, s, "synced", nowQueries(srv), "USD", "JPY") == 0 {
				t.Fatal("no report read rollup_donor_last")
			}
			r := rand.New(rand.NewPCG(3, 4))
			for round := 1; round <= 3; round++ {
				added := srv.Add(20)
				held := heldIDs(t, db)
				for range 5 {
					srv.SetStatus(held[r.IntN(len(held))], store.Refunded)
					srv.SetStatus(added[r.IntN(len(added))], store.Refunded)
					srv.Remove(held[r.IntN(len(held))])
				}
				sync(t, s, c, dataset.SyncOptions{Full: true})
				recurrency(t, s, db, r, 5)
				fastIsSlow(t, s, fmt.Sprintf("after sync %d", round), nowQueries(srv), "USD", "JPY")
				heldJSON(t, s, fmt.Sprintf("after sync %d", round))
			}
		})
	}
}

// withinJSON fails unless s counts the JSON it holds exactly and takes no more room than the JSON it holds,
// or, if compacting it left it larger (a small store: at 5,000 demo
// gifts 1.04× its JSON, 1.11× with the hostile text), no more than
// bounded lets it grow from there: a sixteenth.
func withinJSON(t *testing.T, s *store.Store, db *sql.DB, when string) {
	json := heldJSON(t, s, when)
	t.Helper()
	info, err := s.Info(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	var floor int64
	if err := db.QueryRow(`SELECT coalesce((SELECT CAST(value AS INTEGER) FROM meta WHERE key = 'compacted_bytes'), 0)`).Scan(&floor); err != nil {
		t.Fatal(err)
	}
	if info.Bytes > max(json, floor+floor/16) {
		t.Fatalf("%s the store takes %d bytes, its JSON %d, compacted it took %d", when, info.Bytes, json, floor)
	}
}

// A store that lives through 100 small syncs of the demo's hostile and
// drifting data (gifts added, refunded, removed and their currency
// changed) keeps rollup_donor_last as the gifts add up, the reports read
// from it as they read from the gifts, its count of the JSON it holds
// exact, and its size within that JSON (or as bounded lets a small store grow
// past it), after every fifth one and the last. Every check reads the whole store, so its
// cost grows with the account, not what it finds: 1,000 gifts hold every
// drift variant and hostile record many times over, donors with several
// gifts and several currencies, and a store small enough that bounded
// compacts it and then lets it grow, as a larger one does.
//
// The sums and the JSON count are kept by triggers, a gift at a time, and
// nothing but a rebuild adds them up again: a round that leaves them wrong
// leaves them wrong at the next check, so checking every fifth round (the
// rounds that change currencies, and every full sync) finds what checking
// every round found, and the four rounds between are the window syncs'.
func TestDonorLastLivesThroughSyncs(t *testing.T) {
	t.Parallel()
	skipShort(t)
	// It checks the syncs after the first, which it shares (a copy) with
	// the hostile data's test of the same shape.
	srv, s, path := syncedCopy(t, demo.Options{Count: 1000, Shape: demo.ShapeSpec, Hostile: true, Drift: true})
	c := client(t, srv.URL)
	db := reader(t, path)
	r := rand.New(rand.NewPCG(5, 6))
	served := 0
	const rounds, checkEvery = 100, 5
	for round := 1; round <= rounds; round++ { // 300 took 70 s of the CI's store package, for no case the first 100 miss
		added := srv.Add(1 + r.IntN(10))
		srv.SetStatus(added[r.IntN(len(added))]-int64(r.IntN(50)), store.Refunded)
		o := dataset.SyncOptions{Window: 2}
		if round%25 == 0 {
			held := heldIDs(t, db)
			for range 10 {
				srv.Remove(held[r.IntN(len(held))])
				srv.SetStatus(held[r.IntN(len(held))], store.Refunded)
			}
			o = dataset.SyncOptions{Full: true}
		}
		if round%5 == 0 {
			recurrency(t, s, db, r, 3)
		}
		sync(t, s, c, o)
		if round%checkEvery != 0 && round != rounds {
			continue
		}
		served += fastIsSlow(t, s, fmt.Sprintf("after sync %d", round), nowQueries(srv)[:1], "USD")
		withinJSON(t, s, db, fmt.Sprintf("after sync %d", round))
	}
	if served == 0 {
		t.Fatal("no report read rollup_donor_last")
	}
}
