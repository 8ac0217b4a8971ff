package store_test

import (
	"context"
	"fmt"
	"testing"

	"donations/api/demo"
	"donations/dataset"
	"donations/store"
)

// A store of schema 15 is upgraded in place to the indexes of this
// version, and answers as it did.
func TestStoreOfVersion15IsUpgradedInPlace(t *testing.T) {
	skipShort(t)
	s, path, _, _ := syncedFile(t, demo.Options{Count: 300}, dataset.SyncOptions{})
	medians := func(s *store.Store) string {
		var out string
		for _, f := range []store.Filter{{}, {Statuses: store.PaidStatuses}, {Statuses: []string{"paid", "pending", "failed", "disputed"}}} {
			m, n, err := s.Median(context.Background(), f)
			if err != nil {
				t.Fatal(err)
			}
			out += fmt.Sprintf("%q: %s of %d\n", f.Statuses, m, n)
		}
		return out
	}
	want := medians(s)
	s.Close()
	craft(t, path, append(store.UndoSince(15), `PRAGMA user_version = 15`)...)
	s = open(t, path)
	if got := medians(s); got != want {
		t.Errorf("medians after the upgrade:\n%swant\n%s", got, want)
	}
	rollupsAgree(t, s)
}
