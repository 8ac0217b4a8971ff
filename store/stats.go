package store

import (
	"context"
	"database/sql"
	"errors"

	"donations/api"
)

// Median is the middle converted amount of the donations f selects that
// have one (the mean of the two middle ones for an even count), exactly, and
// how many it was taken over. An index of converted amounts keeps it from
// sorting them.
func (s *Store) Median(ctx context.Context, f Filter) (api.Decimal, int, error) {
	if err := s.searchable(ctx, &f); err != nil {
		return api.Decimal{}, 0, err
	}
	where, args, err := f.where()
	if err != nil {
		return api.Decimal{}, 0, err
	}
	cond := " WHERE converted_e4 IS NOT NULL"
	if where != "" {
		cond = where + " AND converted_e4 IS NOT NULL"
	}
	var n int
	if err := s.db.QueryRowContext(ctx, "SELECT count(*) FROM donations"+cond, args...).Scan(&n); err != nil || n == 0 {
		return api.Decimal{}, 0, s.explain(err)
	}
	middle := func(i int) (int64, error) {
		var v int64
		err := s.db.QueryRowContext(ctx, "SELECT converted_e4 FROM donations"+cond+
			" ORDER BY converted_e4 LIMIT 1 OFFSET ?", append(args, i)...).Scan(&v)
		if errors.Is(err, sql.ErrNoRows) {
			err = errors.New("the store changed while the median was read")
		}
		return v, s.explain(err)
	}
	lo, err := middle((n - 1) / 2)
	if err != nil {
		return api.Decimal{}, 0, err
	}
	if n%2 == 1 {
		return api.ScaledDecimal(lo, scale), n, nil
	}
	hi, err := middle(n / 2)
	if err != nil {
		return api.Decimal{}, 0, err
	}
	// (lo+hi)/2 exactly: ×5 at one more decimal.
	return api.ScaledDecimal((lo+hi)*5, scale+1), n, nil
}
