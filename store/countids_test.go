package store_test

import (
	"context"
	"testing"

	"donations/api/demo"
	"donations/dataset/datasettest"
	"donations/store"
)

// CountIDs and Tail count what the store holds over any range of ids, the
// whole of it (from the rollups) or a part, with the rollups kept or set
// aside as a first sync sets them aside.
func TestCountIDsCountsEveryRange(t *testing.T) {
	firstPassOnly(t, "the ids counted over each range against the records")
	ctx := context.Background()
	_, s, _ := syncedCopy(t, demo.Options{Count: 1500})
	all := windowAll(t, s)
	id := func(i int) int64 { return all[i].ID.Value }
	lowest, highest := id(0), id(0)
	for i := range all {
		lowest, highest = min(lowest, id(i)), max(highest, id(i))
	}
	cases := []struct {
		name   string
		lo, hi int64
	}{
		{"every id and beyond", 0, 1 << 62},
		{"exactly the store's ids", lowest, highest},
		{"all but the newest", lowest, highest - 1},
		{"all but the oldest", lowest + 1, highest},
		{"none", highest + 1, 1 << 62},
	}
	check := func(how string, s *store.Store) {
		for _, tc := range cases {
			want := 0
			for i := range all {
				if id(i) >= tc.lo && id(i) <= tc.hi {
					want++
				}
			}
			if n, err := s.CountIDs(ctx, tc.lo, tc.hi); err != nil || n != want {
				t.Errorf("%s, %s: CountIDs = %d (%v), want %d", how, tc.name, n, err, want)
			}
		}
		if n, newest, err := s.Tail(ctx); err != nil || n != len(all) || newest != highest {
			t.Errorf("%s: Tail = %d, %d (%v), want %d, %d", how, n, newest, err, len(all), highest)
		}
	}
	check("rollups kept", s)
	check("rollups set aside", datasettest.Direct(t, s))
}
