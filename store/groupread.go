package store

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
)

// groupBatch is how many groups the reading goroutine hands over at once:
// one send a group would cost more than the work it hands over.
const groupBatch = 256

// readGroups runs src's query and calls fn with each group, in key order,
// its sums still integers (fn settles them). SQLite steps through the rows
// on a goroutine of its own, adding each group up as int64, and hands
// whole groups over in batches to this one, which settles them and calls
// fn: a summary by donor at a million spent 0.4 s a run settling groups
// and writing them after 0.8 s reading, one after the other. Whatever
// ends it (the rows, an error of the read or of fn, ctx) ends both, and
// readGroups returns once the rows are closed and the goroutine is gone.
func (s *Store) readGroups(ctx context.Context, src groupSource, where string, args []any, fn func(*summing) error) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	rows, err := s.db.QueryContext(ctx, src.query(where), args...)
	if err != nil {
		return s.explain(err)
	}
	batches := make(chan []summing, 4)
	read := make(chan error, 1)
	go func() {
		defer close(batches)
		read <- s.explain(sumRows(ctx, rows, newGroupScan(len(src.keys), src.perRow), batches))
	}()
	err = eachSummed(ctx, batches, fn)
	cancel()
	for range batches { // the reader may have sent before it saw the cancel
	}
	if readErr := <-read; err == nil {
		err = readErr
	}
	return err
}

// eachSummed calls fn with each group of the batches until they end, fn
// fails or ctx is done: the reader may have read every row before ctx
// was, and what it handed over must not outlive a cancel.
func eachSummed(ctx context.Context, batches <-chan []summing, fn func(*summing) error) error {
	for b := range batches {
		for i := range b {
			if err := ctx.Err(); err != nil {
				return err
			}
			if err := fn(&b[i]); err != nil {
				return err
			}
		}
	}
	return nil
}

// sumRows adds the rows up group by group and sends them in batches, then
// closes rows. It stops when ctx is done, with ctx's error.
func sumRows(ctx context.Context, rows *sql.Rows, sc *groupScan, out chan<- []summing) error {
	defer rows.Close()
	var g summing // one for every group: its integer sums are kept for the next
	var batch []summing
	var arena []e4Sum // the batch's sums, one array rather than three a group
	fresh := func() { batch, arena = make([]summing, 0, groupBatch), make([]e4Sum, 0, 2*groupBatch) }
	fresh()
	open := false
	send := func() error {
		select {
		case out <- batch:
			fresh()
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
			batch = append(batch, g.handOver(&arena))
		}
		if len(batch) == groupBatch {
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
		batch = append(batch, g.handOver(&arena))
	}
	if len(batch) == 0 {
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
// every row: a new key and destinations a row were a tenth of a summary
// by donor and day. A row of a grouping perRow is one gift: its sums are
// its amounts, where they are not NULL.
type groupScan struct {
	row  groupRow
	dest []any
}

func newGroupScan(keys int, perRow bool) *groupScan {
	sc := &groupScan{row: groupRow{key: make([]string, keys)}}
	r := &sc.row
	for i := range r.key {
		sc.dest = append(sc.dest, &r.key[i])
	}
	sc.dest = append(sc.dest, &r.cur, &r.conv)
	if perRow {
		r.n = 1
		sc.dest = append(sc.dest, e4Scan{&r.amount, &r.nA4}, e4Scan{&r.converted, &r.nC4})
		return sc
	}
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
