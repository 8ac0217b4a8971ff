package store

import (
	"context"
	"errors"

	"donations/api"
	"donations/query"
)

// Median is the middle converted amount of the donations f selects that
// have one (the mean of the two middle ones for an even count), exactly, and
// how many it was taken over. An index of converted amounts keeps it from
// sorting them.
func (s *Store) Median(ctx context.Context, qf query.Filter) (api.Decimal, int, error) {
	f := filter{Filter: qf}
	if err := s.searchable(ctx, &f); err != nil {
		return api.Decimal{}, 0, err
	}
	mq, err := s.medianOf(ctx, f)
	if err != nil {
		return api.Decimal{}, 0, err
	}
	var n int
	if err := s.db.QueryRowContext(ctx, mq.count, mq.args...).Scan(&n); err != nil || n == 0 {
		return api.Decimal{}, 0, s.explain(err)
	}
	// Both middle amounts of an even count come from one walk to the middle.
	rows, err := s.db.QueryContext(ctx, mq.middle, append(mq.args, 2-n%2, (n-1)/2)...)
	if err != nil {
		return api.Decimal{}, 0, s.explain(err)
	}
	defer rows.Close()
	var mid []int64
	for rows.Next() {
		var v int64
		if err := rows.Scan(&v); err != nil {
			return api.Decimal{}, 0, s.explain(err)
		}
		mid = append(mid, v)
	}
	if err := rows.Err(); err != nil {
		return api.Decimal{}, 0, s.explain(err)
	}
	switch {
	case len(mid) < 2-n%2:
		return api.Decimal{}, 0, errors.New("the store changed while the median was read")
	case len(mid) == 1:
		return api.ScaledDecimal(mid[0], scale), n, nil
	}
	// (lo+hi)/2 exactly: ×5 at one more decimal.
	return api.ScaledDecimal((mid[0]+mid[1])*5, scale+1), n, nil
}

// medianQuery is how Median reads: how many amounts there are (count), and
// the middle one or two (middle, which takes LIMIT and OFFSET after args).
type medianQuery struct {
	count, middle string
	args          []any
}

// medianOf is the median's query for f. Every donation, or those of some
// statuses (the browser's default is the paid ones), are counted from the
// rollups, and walked in the order of the converted amounts' index, which
// holds the status too: left to itself SQLite takes the status's index,
// then reads each paid gift from the table for its amount and sorts them,
// twice, which takes seconds at a million.
func (s *Store) medianOf(ctx context.Context, f filter) (medianQuery, error) {
	where, args, err := f.where()
	if err != nil {
		return medianQuery{}, err
	}
	cond := " WHERE converted_e4 IS NOT NULL"
	if where != "" {
		cond = where + " AND converted_e4 IS NOT NULL"
	}
	mq := medianQuery{count: "SELECT count(*) FROM donations" + cond,
		middle: "SELECT converted_e4 FROM donations" + cond + " ORDER BY converted_e4 LIMIT ? OFFSET ?", args: args}
	rolled, err := s.rolledFilter(ctx, f)
	if err != nil || !rolled {
		return mq, err
	}
	// The rollups name the status as the donations do, and count the
	// amounts the integer column holds.
	mq.count = "SELECT coalesce(sum(n_converted_e4), 0) FROM rollup_dims" + where
	mq.middle = "SELECT converted_e4 FROM donations INDEXED BY donations_converted" + cond +
		" ORDER BY converted_e4 LIMIT ? OFFSET ?"
	return mq, nil
}
