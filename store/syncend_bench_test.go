package store_test

import (
	"context"
	"testing"
	"time"

	"donations/api/demo"
	"donations/dataset"
	"donations/query"
	"donations/store"
)

// BenchmarkSmallSync is a sync that brings 250 new donations into a store
// of 100,000 (10,000 with -short) on disk, as `donations sync --window 0`
// makes it: what it costs beyond its requests is the store's end of a
// sync. Its size-x metric is the store's file (and log) over the JSON it
// holds once the syncs are done: what free pages left behind would add.
func BenchmarkSmallSync(b *testing.B) {
	count := 100_000
	if testing.Short() {
		count = 10_000
	}
	s, _, srv, c := syncedFile(b, demo.Options{Count: count}, dataset.SyncOptions{Concurrency: 4})
	var took time.Duration
	for b.Loop() {
		srv.Add(250)
		start := time.Now()
		if r := sync(b, s, c, dataset.SyncOptions{}); r.New != 250 {
			b.Fatalf("the sync stored %d new, want 250", r.New)
		}
		took += time.Since(start)
	}
	b.ReportMetric(float64(took.Milliseconds())/float64(b.N), "ms/sync")
	b.ReportMetric(sizeOverJSON(b, s), "size-x")
}

// sizeOverJSON is the store's bytes on disk over those of the JSON it holds.
func sizeOverJSON(t testing.TB, s *store.Store) float64 {
	t.Helper()
	return sizeOver(t, s, exported(t, s))
}

// sizeOver is the store's bytes on disk over json, the bytes exported
// gave for it: for a test that has them already, as reading every record
// again is most of the cost.
func sizeOver(t testing.TB, s *store.Store, json int64) float64 {
	t.Helper()
	info, err := s.Info(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return float64(info.Bytes) / float64(json)
}

// exported is the bytes of JSON the store holds: its records as the server
// sent them, as an export gives them.
func exported(t testing.TB, s *store.Store) int64 {
	t.Helper()
	var raw int64
	err := s.Window(context.Background(), query.Query{Sort: "id"}, 0, -1, func(b []byte) error { raw += int64(len(b)); return nil })
	if err != nil {
		t.Fatal(err)
	}
	return raw
}
