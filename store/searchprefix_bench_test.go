package store_test

import (
	"context"
	"testing"

	"donations/query"
)

// BenchmarkQuickSearch is what the browser asks for each key of a quick
// search over 100,000 donations: the quick count and the first 200 rows,
// newest first, for prefixes of one to four letters, words that find
// nothing and digits.
func BenchmarkQuickSearch(b *testing.B) {
	path, _ := syncedStore(b, 100_000)
	s := open(b, path)
	ctx := context.Background()
	for _, w := range []string{"m", "ma", "mar", "marg", "q", "xq", "5", "54"} {
		b.Run(w, func(b *testing.B) {
			q := query.Query{Filter: query.Filter{Search: w}, Desc: true}
			for b.Loop() {
				if _, _, err := s.QuickCount(ctx, q); err != nil {
					b.Fatal(err)
				}
				if err := s.Window(ctx, q, 0, 200, func([]byte) error { return nil }); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
