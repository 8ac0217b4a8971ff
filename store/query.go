package store

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"
)

// Query selects and orders stored donations. Text filters match whole values,
// ignoring case, as the demo server does; Search matches parts of names,
// e-mail, form, city, honoree, status, amount, currency, date and id.
type Query struct {
	Email, FirstName, LastName string
	ID                         int64
	Search                     string
	Sort                       string // one of Sorts; "" is date
	Desc                       bool
}

// Sorts are the fields a query can be ordered by, and their columns.
var Sorts = map[string]string{
	"date": "date_utc", "amount": "amount_e4", "name": "name_key", "email": "email_key",
	"status": "status_key", "form": "form_name", "id": "id",
}

// ErrUnknownSort is returned for a Sort not in Sorts.
var ErrUnknownSort = errors.New("unknown sort field")

// where builds the query's WHERE clause and its arguments.
func (q Query) where() (string, []any) {
	var conds []string
	var args []any
	add := func(cond string, a ...any) { conds, args = append(conds, cond), append(args, a...) }
	if q.Email != "" {
		add("email_key = ?", strings.ToLower(strings.TrimSpace(q.Email)))
	}
	if q.FirstName != "" {
		add("lower(first_name) = ?", strings.ToLower(q.FirstName))
	}
	if q.LastName != "" {
		add("lower(last_name) = ?", strings.ToLower(q.LastName))
	}
	if q.ID != 0 {
		add("id = ?", q.ID)
	}
	for _, w := range strings.Fields(Fold(q.Search)) {
		if utf8.RuneCountInString(w) >= 3 {
			// The trigram index answers a phrase of three or more characters.
			add("id IN (SELECT rowid FROM donations_fts WHERE donations_fts MATCH ?)", `"`+strings.ReplaceAll(w, `"`, `""`)+`"`)
		} else {
			add("search LIKE ? ESCAPE '\\'", "%"+likeEscape(w)+"%")
		}
	}
	if len(conds) == 0 {
		return "", nil
	}
	return " WHERE " + strings.Join(conds, " AND "), args
}

func likeEscape(s string) string {
	return strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(s)
}

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
	where, args := q.where()
	var n int
	err := s.db.QueryRowContext(ctx, "SELECT count(*) FROM donations"+where, args...).Scan(&n)
	return n, s.explain(err)
}

// Window calls f with the raw record of each donation the query selects,
// in its order, from offset on, at most limit of them (limit < 0: all).
// Each raw slice is f's to keep.
func (s *Store) Window(ctx context.Context, q Query, offset, limit int, f func(raw []byte) error) error {
	where, args := q.where()
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
