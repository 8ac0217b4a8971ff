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
		c, isNew, err := s.packer(rowContext(ctx), tx, batch) // a statement a record held, as the rows

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
// each statement run under a context that can be, and a first sync runs
// more statements than it stores donations, so those goroutines would be
// a large part of what storing its pages costs. A cancel still ends the
// writer within a page:
// PutPages looks at ctx before each page, and the transaction, begun
// under ctx, took the store's write lock when it began (_txlock=immediate),
// so no statement of it waits for another process.
func rowContext(ctx context.Context) context.Context {
	return context.WithoutCancel(ctx)
}

// writerCache is the page cache of the connection that stores pages (it
// stays with the connection; the readers keep SQLite's default). The
// indexes take donations in no order: with the default, a sync into a
// large store reads most of their pages from disk again for each page it
// stores, so the writer keeps a large cache. A first sync that defers them
// (deferred) writes the tables and the date index from one end, newest
// first, and needs few pages, so it keeps a small one: a large cache
// would be much of its peak memory.
func writerCache(deferred bool) string {
	if deferred {
		return `PRAGMA cache_size = -4096`
	}
	return `PRAGMA cache_size = -65536`
}
