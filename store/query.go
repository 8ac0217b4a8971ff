package store

import (
	"context"
	"errors"
	"fmt"

	"donations/api"
)

// Query selects stored donations and orders them.
type Query struct {
	Filter
	Sort string // one of Sorts; "" is date
	Desc bool
}

// Sorts are the fields a query can be ordered by, and their columns.
var Sorts = map[string]string{
	"date": "date_utc", "amount": "amount_e4", "name": "name_key", "email": "email_key",
	"status": "status_key", "form": "form_name", "id": "id",
}

// ErrUnknownSort is returned for a Sort not in Sorts.
var ErrUnknownSort = errors.New("unknown sort field")

func (q Query) order() (string, error) {
	by := q.Sort
	if by == "" {
		by = "date"
	}
	col, ok := Sorts[by]
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
func (s *Store) Count(ctx context.Context, q Query) (int, error) {
	where, args, err := q.where()
	if err != nil {
		return 0, err
	}
	var n int
	err = s.db.QueryRowContext(ctx, "SELECT count(*) FROM donations"+where, args...).Scan(&n)
	return n, s.explain(err)
}

// Window calls f with the raw record of each donation the query selects,
// in its order, from offset on, at most limit of them (limit < 0: all).
// Each raw slice is f's to keep.
func (s *Store) Window(ctx context.Context, q Query, offset, limit int, f func(raw []byte) error) error {
	where, args, err := q.where()
	if err != nil {
		return err
	}
	order, err := q.order()
	if err != nil {
		return err
	}
	rows, err := s.db.QueryContext(ctx, "SELECT raw FROM donations"+where+order+" LIMIT ? OFFSET ?",
		append(args, limit, offset)...)
	if err != nil {
		return s.explain(err)
	}
	defer rows.Close()
	for rows.Next() {
		var raw []byte
		if err := rows.Scan(&raw); err != nil {
			return s.explain(err)
		}
		if err := f(raw); err != nil {
			return err
		}
	}
	return s.explain(rows.Err())
}

// Donations is Window with each record decoded as the client decodes it.
func (s *Store) Donations(ctx context.Context, q Query, offset, limit int, f func(*api.Donation) error) error {
	return s.Window(ctx, q, offset, limit, func(raw []byte) error {
		var d api.Donation
		if err := d.UnmarshalJSON(raw); err != nil {
			return err
		}
		return f(&d)
	})
}
