package store

import (
	"context"
	"database/sql"
	"slices"
	"time"
)

// Uncover takes ids out of the spans the store holds complete: a full walk
// that found the list moving under it cannot vouch for the list around
// them, so the store must not say it holds the whole account. Each span
// that holds one is cut in two around it; the upper part starts on the
// page the id is now on, counted from the ids held below it, so that the
// next sync's walk back over the gap starts where the gap is (per is the
// server's page size).
func (s *Store) Uncover(ctx context.Context, ids []int64, per int) error {
	if len(ids) == 0 {
		return nil
	}
	ids = slices.Sorted(slices.Values(ids))
	per = max(per, 1)
	return s.write(ctx, func(tx *sql.Tx) error {
		c, err := readExtent(ctx, tx)
		if err != nil {
			return err
		}
		for _, id := range ids {
			if c.Spans, err = cut(ctx, tx, c.Spans, id, per); err != nil {
				return err
			}
		}
		return writeExtent(ctx, tx, c)
	})
}

// cut splits the span holding id, if any, into the parts below and above it.
func cut(ctx context.Context, tx *sql.Tx, spans []Span, id int64, per int) ([]Span, error) {
	i := slices.IndexFunc(spans, func(sp Span) bool { return sp.From <= id && id <= sp.To })
	if i < 0 {
		return spans, nil
	}
	sp := spans[i]
	var below int
	if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM donations WHERE id <= ?`, id).Scan(&below); err != nil {
		return nil, err
	}
	var parts []Span
	if id > sp.From {
		lo := sp
		lo.To, lo.Until = id-1, time.Time{}
		parts = append(parts, lo)
	}
	if id < sp.To {
		hi := sp
		hi.From, hi.Since, hi.Page = id+1, time.Time{}, 1+below/per
		parts = append(parts, hi)
	}
	return slices.Replace(spans, i, i+1, parts...), nil
}
