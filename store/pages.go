package store

import (
	"context"
	"database/sql"

	"donations/api"
)

// Page is one page of records on its way into the store, with what storing
// it completes of the list.
type Page struct {
	Records  []api.Donation
	Exchange *api.Exchange // the request that brought it; nil for Put
	// Cover, when set, is recorded in the transaction that stores the page,
	// so a kill leaves the coverage exact.
	Cover *Cover
	prep  *prepared // nil: nothing made before its turn
}

// Cover is a span the store holds complete once a page is stored; Last is
// the list's last page when the span reaches the end (0: not known).
type Cover struct {
	Span Span
	Last int
}

// PutPages stores pages in one transaction, each with its coverage, so
// the store always holds whole pages: what lets a sync resume.
func (s *Store) PutPages(ctx context.Context, batch []Page) (PutResult, error) {
	var r PutResult
	var made *codec
	err := s.write(ctx, func(tx *sql.Tx) error {
		r, made = PutResult{}, nil
		// The indexes take donations in no order: with SQLite's 2 MB of
		// cache, a first sync of a million read most of their pages from
		// disk again for each page it stored. The connection that writes
		// keeps more (it stays with the connection; the readers keep 2 MB).
		if _, err := tx.ExecContext(ctx, `PRAGMA cache_size = -65536`); err != nil {
			return err
		}
		c, isNew, err := s.packer(ctx, tx, batch)
		if err != nil {
			return err
		}
		if isNew {
			made = c
		}
		st, err := s.prepare(ctx, tx, c)
		if err != nil {
			return err
		}
		defer st.close()
		for _, f := range batch {
			pr, err := st.put(ctx, f)
			if err != nil {
				return err
			}
			if f.Exchange != nil {
				if err := keepExchange(ctx, tx, f.Exchange, f.Records); err != nil {
					return err
				}
			}
			r.New, r.Updated = r.New+pr.New, r.Updated+pr.Updated
			// Each page's record, not only the last: a sync's walk back
			// and the range it reads first for the browser record spans
			// apart.
			if f.Cover != nil {
				if err := cover(ctx, tx, f.Cover.Span, f.Cover.Last); err != nil {
					return err
				}
			}
		}
		return nil
	})
	if err == nil && made != nil {
		s.codecs.add(made)
	}
	return r, err
}
