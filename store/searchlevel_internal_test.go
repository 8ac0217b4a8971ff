package store

import (
	"context"
	"database/sql"
	"errors"
	"testing"
)

// A first sync's end builds the search index as one segment nine levels
// down, whatever the store's size: the merges of later syncs reach it only
// once the levels above are full. A store of a few thousand donations got
// it on level 7, and a seed no larger in pages than the segments written
// after it would have been promoted to their level and the index merged
// onto the second.
func TestBuiltSearchIndexLiesNineLevelsDown(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	sizes := []int{1500, 12_000}
	if testing.Short() {
		sizes = sizes[:1] // the race run: one build is the same code
	}
	for _, n := range sizes {
		s := memStore(t)
		if err := s.Begin(ctx, true); err != nil {
			t.Fatal(err)
		}
		if _, err := s.Put(ctx, demoDonations(t, n)); err != nil {
			t.Fatal(err)
		}
		if err := s.Tidy(ctx, true); err != nil {
			t.Fatal(err)
		}
		var levels []int
		err := s.write(ctx, func(tx *sql.Tx) error {
			var err error
			levels, err = searchLevels(ctx, tx)
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		if want := []int{9}; len(levels) != 1 || levels[0] != 9 {
			t.Errorf("%d donations: the search index's segments lie on levels %v, want %v", n, levels, want)
		}
	}
}

// searchLevels is the level of each segment of the search index, from
// FTS5's structure record (its row 10): a 4-byte cookie, then varints: the
// levels, the segments, a write counter, and per level the segments in a
// merge, their count and each one's id, first and last page.
func searchLevels(ctx context.Context, tx *sql.Tx) ([]int, error) {
	var b []byte
	if err := tx.QueryRowContext(ctx, `SELECT block FROM donations_fts_data WHERE id = 10`).Scan(&b); err != nil {
		return nil, err
	}
	if len(b) < 8 || string(b[4:8]) == "\xff\x00\x00\x01" {
		return nil, errors.New("the structure record is short, or of FTS5's second kind, which this does not read")
	}
	b = b[4:]
	next := func() int {
		// SQLite's varints: big-endian, 7 bits a byte, the ninth byte whole.
		var v int
		for i := range min(len(b), 9) {
			if i == 8 {
				v, b = v<<8|int(b[i]), b[9:]
				return v
			}
			v = v<<7 | int(b[i]&0x7f)
			if b[i] < 0x80 {
				b = b[i+1:]
				return v
			}
		}
		b = nil
		return v
	}
	nLevel := next()
	next() // the segments
	next() // the write counter
	var out []int
	for level := range nLevel {
		next() // the segments in a merge
		for range next() {
			for range 3 { // its id, first page and last page
				next()
			}
			out = append(out, level)
		}
	}
	if b == nil {
		return nil, errors.New("the structure record ends early")
	}
	return out, nil
}
