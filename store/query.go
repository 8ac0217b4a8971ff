package store

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"donations/api"
	"donations/query"
)

// sortColumns are the columns of the orders query.Sorts names.
var sortColumns = map[string]string{
	"date": "date_utc", "amount": amountKey, "name": "name_key", "email": "email_key",
	"status": "status_key", "form": "form_name", "id": "id",
}

// amountKey is what donations sort by as "amount": the converted amount
// when the server gives one, else the amount, × 10^4; the float columns
// stand in for what the integer ones cannot hold, so that 1E3, 400 digits
// or 12.345678901234567 sort by their value rather than first.
const amountKey = "coalesce(converted_e4, converted_e4f, amount_e4, amount_e4f)"

// ErrUnknownSort is returned for a Sort not in query.Sorts.
var ErrUnknownSort = errors.New("unknown sort field")

// order is the ORDER BY of q.
func order(q query.Query) (string, error) {
	by := q.Sort
	if by == "" {
		by = "date"
	}
	col, ok := sortColumns[by]
	if !ok {
		return "", fmt.Errorf("%w %q (one of date, amount, name, email, status, form, id)", ErrUnknownSort, by)
	}
	dir := " ASC"
	if q.Desc {
		dir = " DESC"
	}
	if col == "id" {
		return " ORDER BY id" + dir, nil
	}
	return " ORDER BY " + col + dir + ", id" + dir, nil
}

// Count is how many stored donations the query selects.
func (s *Store) Count(ctx context.Context, q query.Query) (int, error) {
	f := filter{Filter: q.Filter}
	if err := s.searchable(ctx, &f); err != nil {
		return 0, err
	}
	where, args, err := f.where()
	if err != nil {
		return 0, err
	}
	if f.onlyMatch() {
		// The index holds exactly the stored donations (triggers keep it so):
		// a search of words of three is counted there, reading no record.
		return s.searchCount(ctx, f)
	}
	if n, ok, err := s.prefixCount(ctx, f); ok || err != nil {
		return n, err
	}
	query := "SELECT count(*) FROM donations" + where
	if where == "" {
		query = countAll
	}
	var n int
	err = s.db.QueryRowContext(ctx, query, args...).Scan(&n)
	return n, s.explain(err)
}

// countAll counts every donation from the day rollup, a few thousand rows,
// while triggers keep it (see kept); count(*) reads a whole index of the
// donations, most of what  list --offline --newest 10  would take in a
// large store.
const countAll = `SELECT CASE WHEN ` + kept + ` THEN (SELECT coalesce(sum(n), 0) FROM rollup_day)
	ELSE (SELECT count(*) FROM donations) END`

// Window calls each with the raw record of each donation the query selects,
// in its order, from offset on, at most limit of them (limit < 0: all).
// each may keep the raw slice it is given.
func (s *Store) Window(ctx context.Context, q query.Query, offset, limit int, each func(raw []byte) error) error {
	f := filter{Filter: q.Filter}
	if err := s.searchable(ctx, &f); err != nil {
		return err
	}
	where, args, err := f.where()
	if err != nil {
		return err
	}
	by, err := order(q)
	if err != nil {
		return err
	}
	// The rows are picked by id first: sorted with its record, every
	// matching row would drag a kilobyte of JSON through the sort.
	if walk, like, err := s.windowPlan(ctx, f); err != nil {
		return err
	} else if like {
		f.unindexed = true // every word tested with LIKE
		where, args, _ = f.clause(true)
	} else if walk {
		where, args, _ = f.clause(true)
	}
	ids, err := s.ids(ctx, "SELECT id FROM donations"+where+by+" LIMIT ? OFFSET ?", append(args, limit, offset))
	if err != nil {
		return err
	}
	for len(ids) > 0 {
		n := min(len(ids), recordsAtOnce)
		if err := s.records(ctx, ids[:n], each); err != nil {
			return err
		}
		ids = ids[n:]
	}
	return nil
}

// recordsAtOnce is how many records one statement reads: one statement a
// record costs more in the driver than in SQLite.
const recordsAtOnce = 500

// records calls f with the records of ids, in the order of ids; an id
// removed by a sync since it was picked is left out.
func (s *Store) records(ctx context.Context, ids []int64, f func(raw []byte) error) error {
	args := make([]any, len(ids))
	for i, id := range ids {
		args[i] = id
	}
	marks := strings.TrimSuffix(strings.Repeat("?,", len(ids)), ",")
	rows, err := s.db.QueryContext(ctx, "SELECT id, dict, raw FROM records WHERE id IN ("+marks+")", args...)
	if err != nil {
		return s.explain(err)
	}
	type held struct {
		dict int64
		raw  []byte
	}
	byID := make(map[int64]held, len(ids))
	for rows.Next() {
		var id int64
		var h held
		if err := rows.Scan(&id, &h.dict, &h.raw); err != nil {
			rows.Close()
			return s.explain(err)
		}
		byID[id] = h
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return s.explain(err)
	}
	for _, id := range ids {
		h, ok := byID[id]
		if !ok {
			continue
		}
		raw, err := s.unpack(ctx, s.db, id, h.dict, h.raw, nil)
		if err != nil {
			return err
		}
		if err := f(raw); err != nil {
			return err
		}
	}
	return nil
}

func (s *Store) ids(ctx context.Context, query string, args []any) ([]int64, error) {
	rows, err := s.db.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, s.explain(err)
	}
	defer rows.Close()
	var ids []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, s.explain(err)
		}
		ids = append(ids, id)
	}
	return ids, s.explain(rows.Err())
}

// Donations is Window with each record decoded as the client decodes it.
func (s *Store) Donations(ctx context.Context, q query.Query, offset, limit int, f func(*api.Donation) error) error {
	return s.Window(ctx, q, offset, limit, func(raw []byte) error {
		var d api.Donation
		if err := d.UnmarshalJSON(raw); err != nil {
			return err
		}
		return f(&d)
	})
}
