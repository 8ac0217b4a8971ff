package store_test

import (
	"context"
	"database/sql"
	"fmt"
	"testing"

	"donations/api/demo"
	"donations/dataset"
	"donations/store"
)

// BenchmarkRebuild is what opening a store of the version before costs:
// its rebuild from 100,000 records, the search index and the sums with it.
func BenchmarkRebuild(b *testing.B) {
	s, path, _, _ := syncedFile(b, demo.Options{Count: 100_000}, dataset.SyncOptions{})
	s.Close()
	for range b.N {
		b.StopTimer()
		db, err := sql.Open("sqlite", path)
		if err == nil {
			_, err = db.Exec(fmt.Sprintf(`PRAGMA user_version = %d`, store.SchemaVersion-1))
		}
		if err != nil {
			b.Fatal(err)
		}
		db.Close()
		b.StartTimer()
		s, err := store.OpenWith(context.Background(), path, store.Opening{})
		if err != nil {
			b.Fatal(err)
		}
		s.Close()
	}
}
