package store

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strings"
)

// groupBatch is how many groups the reading goroutine hands over at once:
// one send a group would cost more than the work it hands over.
const groupBatch = 256

// readGroups runs src's query and calls fn with each group, in key order,
// its sums still integers (fn settles them). SQLite steps through the rows
// on a goroutine of its own, adding each group up as int64, and hands
// whole groups over in batches to this one, which settles them and calls
// fn: settling and writing groups is a large part of a summary by donor,
// and this way it overlaps the reading instead of following it. Whatever
// ends it (the rows, an error of the read or of fn, ctx) ends both, and
// readGroups returns once the rows are closed and the goroutine is gone.
func (s *Store) readGroups(ctx context.Context, src groupSource, where string, args []any, fn func(*summing) error) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	rows, err := s.db.QueryContext(ctx, src.query(where), args...)
	if err != nil {
		return s.explain(err)
	}
	p := groupPipe{full: make(chan *sumBatch, 4), free: make(chan *sumBatch, 6)}
	read := make(chan error, 1)
	go func() {
		defer close(p.full)
		read <- s.explain(p.sumRows(ctx, rows, newGroupScan(len(src.keys), src.perRow)))
	}()
	err = p.each(ctx, fn)
	cancel()
	for range p.full { // the reader may have sent before it saw the cancel
	}
	if readErr := <-read; err == nil {
		err = readErr
	}
	return err
}

// groupPipe carries batches of whole groups from the reading goroutine
// (full) and back once they are settled (free): a new batch each time
// would add to a summary by donor and day, most of it the collector's
// work.
type groupPipe struct {
	full, free chan *sumBatch
}

// sumBatch is groups handed over at once, and their integer sums, one
// array rather than three a group.
type sumBatch struct {
	groups []summing
	arena  []e4Sum
}

// each calls fn with each group of the batches until they end, fn fails
// or ctx is done: the reader may have read every row before ctx was, and
// what it handed over must not outlive a cancel.
func (p groupPipe) each(ctx context.Context, fn func(*summing) error) error {
	for b := range p.full {
		for i := range b.groups {
			if err := ctx.Err(); err != nil {
				return err
			}
			if err := fn(&b.groups[i]); err != nil {
				return err
			}
		}
		select {
		case p.free <- b:
		default:
		}
	}
	return nil
}

// batch is an empty batch, one given back if there is one.
func (p groupPipe) batch() *sumBatch {
	select {
	case b := <-p.free:
		b.groups, b.arena = b.groups[:0], b.arena[:0]
		return b
	default:
		return &sumBatch{make([]summing, 0, groupBatch), make([]e4Sum, 0, 2*groupBatch)}
	}
}

// sumRows adds the rows up group by group and sends them in batches, then
// closes rows. It stops when ctx is done, with ctx's error.
func (p groupPipe) sumRows(ctx context.Context, rows *sql.Rows, sc *groupScan) error {
	defer rows.Close()
	var g summing // one for every group: its integer sums are kept for the next
	b := p.batch()
	open := false
	send := func() error {
		select {
		case p.full <- b:
			b = p.batch()
			return nil
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	for rows.Next() {
		if err := rows.Scan(sc.dest...); err != nil {
			return err
		}
		if open && slices.Equal(g.Key, sc.row.key) {
			g.add(sc.row)
			continue
		}
		if open {
			b.groups = append(b.groups, g.handOver(&b.arena))
		}
		if len(b.groups) == groupBatch {
			if err := send(); err != nil {
				return err
			}
		}
		g, open = summing{Group: Group{Key: slices.Clone(sc.row.key)}, amounts: g.amounts, converted: g.converted, unconverted: g.unconverted}, true
		g.add(sc.row)
	}
	if err := rows.Err(); err != nil {
		return err
	}
	if open {
		b.groups = append(b.groups, g.handOver(&b.arena))
	}
	if len(b.groups) == 0 {
		return nil
	}
	return send()
}

// groupRow is one row of a grouping: a key, a currency and a converted
// currency, and their count and exact sums.
type groupRow struct {
	key                            []string
	cur, conv                      string
	n, amount, converted, nA4, nC4 int64
}

// groupScan is where each row of a grouping is scanned to, the same for
// every row: a new key and destinations a row would be a noticeable part
// of a summary by donor and day. A row of a grouping perRow is one gift: its sums are
// its amounts, where they are not NULL.
type groupScan struct {
	row  groupRow
	dest []any
}

func newGroupScan(keys int, perRow bool) *groupScan {
	sc := &groupScan{row: groupRow{key: make([]string, keys)}}
	r := &sc.row
	if perRow {
		r.n = 1
		sc.dest = []any{packedScan{r}, e4Scan{&r.amount, &r.nA4}, e4Scan{&r.converted, &r.nC4}}
		return sc
	}
	for i := range r.key {
		sc.dest = append(sc.dest, &r.key[i])
	}
	sc.dest = append(sc.dest, &r.cur, &r.conv)
	sc.dest = append(sc.dest, &r.n, &r.amount, &r.converted, &r.nA4, &r.nC4)
	return sc
}

// e4Scan scans one gift's amount × 10^4 to v, and to n whether it has one
// (1) or is NULL (0): one column, where SQL would hand Go two.
type e4Scan struct{ v, n *int64 }

func (e e4Scan) Scan(src any) error {
	switch x := src.(type) {
	case int64:
		*e.v, *e.n = x, 1
	case nil:
		*e.v, *e.n = 0, 0
	default:
		return fmt.Errorf("an amount of the store is %T, not an integer", src)
	}
	return nil
}

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
