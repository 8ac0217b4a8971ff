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
	if err := s.keepWriter(ctx); err != nil {
		return r, err
	}
	err := s.write(ctx, func(tx *sql.Tx) error {
		r, made = PutResult{}, nil
		deferred, err := metaIn(ctx, tx, metaDeferred)
		if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, writerCache(deferred != "")); err != nil {
			return err
		}
		c, isNew, err := s.packer(ctx, tx, batch)
		if err != nil {
			return err
		}
		if isNew {
			made = c
		}
		st := s.prepare(tx, c, deferred != "")
		rows := rowContext(ctx)
		for _, f := range batch {
			if err := ctx.Err(); err != nil {
				return err
			}
			pr, err := st.put(rows, f)
			if err != nil {
				return err
			}
			if f.Exchange != nil {
				if err := st.keepExchange(rows, f.Exchange, f.Records); err != nil {
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
	if err != nil && ctx.Err() != nil {
		// Ended mid-page, the transaction was rolled back under the
		// statement that came next (see rowContext): the end is why.
		return r, ctx.Err()
	}
	return r, err
}

// rowContext is ctx for the statements that store a page's donations:
// never cancelled, because the driver starts a goroutine to interrupt
// each statement run under a context that can be, and a first sync of
// 100,000 runs some 130,000 of them (1.3 s of CPU, a third of what
// storing its pages cost). A cancel still ends the writer within a page:
// PutPages looks at ctx before each page, and the transaction, begun
// under ctx, took the store's write lock when it began (_txlock=immediate),
// so no statement of it waits for another process.
func rowContext(ctx context.Context) context.Context {
	return context.WithoutCancel(ctx)
}

// writerCache is the page cache of the connection that stores pages (it
// stays with the connection; the readers keep SQLite's 2 MB). The indexes
// take donations in no order: with 2 MB, a sync into a store of a million
// read most of their pages from disk again for each page it stored, so
// the writer keeps 64 MB. A first sync that defers them (deferred) writes
// the tables and the date index from one end, newest first, and needs few
// pages: its 64 MB were a fifth of its peak memory at a million.
func writerCache(deferred bool) string {
	if deferred {
		return `PRAGMA cache_size = -4096`
	}
	return `PRAGMA cache_size = -65536`
}
