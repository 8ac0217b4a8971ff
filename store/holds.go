package store

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"donations/api"
	"donations/query"
)

// Held is what the store holds of a date range, and of the whole account.
type Held struct {
	// Complete says the store holds every donation the server listed in
	// the range, as of AsOf (later gifts need a sync).
	Complete bool
	AsOf     time.Time
	Count    int // donations held in the range
	// All is the donations held in all; About how many the server lists,
	// roughly (its last page × the page size), 0 when never seen.
	All, About int
}

// Missing is roughly how many donations of the account the store lacks.
func (h Held) Missing() int { return max(0, h.About-h.All) }

// Holds says whether the store holds the date range r complete (the zero
// range: the whole account), and if not, what it holds. Dates ascend with
// ids in the list, so a span holds a range when it holds a donation dated
// before the range (or the list's start, or was read as a range starting
// no later) and one dated at or after its end (or the list's end, or was
// read as a range ending no sooner).
func (s *Store) Holds(ctx context.Context, r api.DateRange) (Held, error) {
	var h Held
	c, err := s.Extent(ctx)
	if err != nil {
		return h, err
	}
	for _, sp := range c.Spans {
		ok, err := s.spanHolds(ctx, sp, r)
		if err != nil {
			return h, err
		}
		if ok {
			h.Complete, h.AsOf = true, sp.AsOf
			break
		}
	}
	if h.Count, err = s.Count(ctx, query.Query{Filter: query.Filter{Dates: r}}); err != nil {
		return h, err
	}
	if h.All = h.Count; !r.IsZero() {
		if h.All, err = s.Count(ctx, query.Query{}); err != nil {
			return h, err
		}
	}
	per := c.PerPage
	if per == 0 {
		per = api.MaxPerPage // what a sync asks for, unless it learned less
	}
	h.About = max(c.Pages*per, h.All)
	return h, nil
}

func (s *Store) spanHolds(ctx context.Context, sp Span, r api.DateRange) (bool, error) {
	if sp.From != 0 && !knownStart(sp, r) {
		if r.Since.IsZero() {
			return false, nil
		}
		d, err := s.dateAt(ctx, `SELECT date_utc FROM donations WHERE id BETWEEN ? AND ? ORDER BY id LIMIT 1`, sp)
		if err != nil || !d.Valid || d.Int64 >= r.Since.UnixMilli() {
			return false, err
		}
	}
	if sp.To != End && !knownEnd(sp, r) {
		if r.Until.IsZero() {
			return false, nil
		}
		d, err := s.dateAt(ctx, `SELECT date_utc FROM donations WHERE id BETWEEN ? AND ? ORDER BY id DESC LIMIT 1`, sp)
		if err != nil || !d.Valid || d.Int64 < r.Until.UnixMilli() {
			return false, err
		}
	}
	return true, nil
}

func (s *Store) dateAt(ctx context.Context, query string, sp Span) (sql.NullInt64, error) {
	var d sql.NullInt64
	err := s.db.QueryRowContext(ctx, query, sp.From, sp.To).Scan(&d)
	if errors.Is(err, sql.ErrNoRows) {
		return d, nil
	}
	return d, s.explain(err)
}

// knownStart says whether sp was read as a range that starts no later than
// r: every donation dated from r's start on is at or after sp's first.
func knownStart(sp Span, r api.DateRange) bool {
	return !sp.Since.IsZero() && !r.Since.IsZero() && !r.Since.Before(sp.Since)
}

// knownEnd says whether sp was read as a range that ends no sooner than r.
func knownEnd(sp Span, r api.DateRange) bool {
	return !sp.Until.IsZero() && !r.Until.IsZero() && !r.Until.After(sp.Until)
}
