package store_test

import (
	"context"
	"fmt"
	"os"
	"testing"
	"time"

	"donations/api/demo"
	"donations/dataset"
	"donations/query"
	"donations/store"
)

// syncedStore is a store synced from a demo of n donations, with the raw
// JSON's size, made once per benchmark run.
func syncedStore(b testing.TB, n int) (path string, raw int64) {
	b.Helper()
	s, path, _, _ := syncedFile(b, demo.Options{Count: n}, dataset.SyncOptions{Concurrency: 4})
	err := s.Window(context.Background(), query.Query{}, 0, -1, func(r []byte) error { raw += int64(len(r)); return nil })
	if err != nil {
		b.Fatal(err)
	}
	s.Close()
	return path, raw
}

// BenchmarkOpenAndFirstQuery is what the store adds to a start: open a
// 100,000-donation store and read the newest page.
func BenchmarkOpenAndFirstQuery(b *testing.B) {
	path, raw := syncedStore(b, 100_000)
	var disk int64
	for _, suffix := range []string{"", "-wal"} {
		if fi, err := os.Stat(path + suffix); err == nil {
			disk += fi.Size()
		}
	}
	b.ResetTimer()
	for b.Loop() {
		s, err := store.Open(context.Background(), path)
		if err != nil {
			b.Fatal(err)
		}
		n := 0
		s.Window(context.Background(), query.Query{Desc: true}, 0, 100, func([]byte) error { n++; return nil })
		s.Close()
		if n != 100 {
			b.Fatal(fmt.Sprint(n, " rows"))
		}
	}
	b.ReportMetric(float64(disk)/float64(raw), "disk/raw")
}

// BenchmarkSearch is a substring search over 100,000 donations.
func BenchmarkSearch(b *testing.B) {
	path, _ := syncedStore(b, 100_000)
	s := open(b, path)
	b.ResetTimer()
	for b.Loop() {
		if _, err := s.Count(context.Background(), query.Query{Filter: query.Filter{Search: "zoe lef"}}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkGroupsByDonor adds up 20,000 donations by donor, and by donor
// and day: the summaries that read donations_donor.
func BenchmarkGroupsByDonor(b *testing.B) {
	path, _ := syncedStore(b, 20_000)
	s := open(b, path)
	for _, by := range [][]string{{"donor"}, {"donor", "day"}} {
		b.Run(fmt.Sprint(by), func(b *testing.B) {
			for b.Loop() {
				if err := s.EachGroup(context.Background(), query.Filter{}, by, time.Local, func(store.Group) error { return nil }); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
