package store

import (
	"context"
	"fmt"
	"strings"
)

// A grouping that reads donations_donor row by row (perRow) has SQLite
// join each row's currencies and keys into one text, which Go splits
// where unitSep falls: the driver makes a Go string of every text column
// and locks the connection for each column it reads, so four text columns
// a row would be much of what reading them costs; one is less, the join
// included. The donor's address, which may hold
// anything, comes last, so that the split needs no separator to be
// absent from it; the day is the store's own; a currency is the
// server's, so a store where one holds the separator reads the columns
// apart (packable).
const unitSep = "\x1f"

// packedColumn is the SQL of the one text a perRow row's currencies and
// keys come in: the currencies, the keys after the first, then the first
// (the donor's address), each but the last followed by unitSep.
func packedColumn(keys []string) string {
	parts := append([]string{"coalesce(currency, '')", "coalesce(converted_currency, '')"}, keys[1:]...)
	return strings.Join(append(parts, keys[0]), " || x'1f' || ")
}

// packable says whether no currency the store holds has unitSep in it,
// from the rollup that holds every pair of currencies (perRow reads only
// where the rollups are whole).
func (s *Store) packable(ctx context.Context) (bool, error) {
	var some bool
	err := s.db.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM rollup_dims
		WHERE instr(currency, x'1f') OR instr(converted_currency, x'1f'))`).Scan(&some)
	return !some, s.explain(err)
}

// packedScan splits a packedColumn into its row's currencies and key.
type packedScan struct{ r *groupRow }

func (p packedScan) Scan(src any) error {
	s, ok := src.(string)
	if !ok {
		return fmt.Errorf("a donor's currencies and key are %T, not text", src)
	}
	r := p.r
	// The fields before the address, in packedColumn's order: cur, conv,
	// then the keys after the first.
	for i := range len(r.key) + 1 {
		f := &r.cur
		switch {
		case i == 1:
			f = &r.conv
		case i > 1:
			f = &r.key[i-1]
		}
		var found bool
		if *f, s, found = strings.Cut(s, unitSep); !found {
			return fmt.Errorf("a donor's currencies and key lack a separator")
		}
	}
	r.key[0] = s
	return nil
}
