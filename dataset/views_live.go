package dataset

import (
	"context"
	"errors"

	"donations/api"
	"donations/query"
	"donations/store"
)

// Live's read: bring the store that answers the question up to date, then
// read what is newer than the gifts held when Live opened.

// LiveSync reads q's pages from page from on (0: from where st ends) into
// st, through the one sync loop and lock: the wiring's, which holds the
// client. ErrSyncRunning when another sync of st runs.
type LiveSync func(ctx context.Context, st Local, q api.Query, from int) (SyncResult, error)

// LiveCheck is what one check of Live starts from.
type LiveCheck struct {
	// After is the newest id held when Live opened; 0 takes it now.
	After int64
	// Page is the last page of the question read, for a question the
	// API answers page by page (0: find it with LastPage).
	Page     int
	Most     int // how many of the new gifts to read
	Sync     LiveSync
	LastPage func(ctx context.Context, q api.Query) (int, error)
}

// Newer is what a check found: the baseline and page it ran from, the
// question's gifts newer than the baseline, newest first, and their sums.
type Newer struct {
	After int64
	Page  int
	Rows  []*api.Donation
	Sums  *Sums
}

// ErrEmpty is a check of a store that holds no gift yet: no baseline.
var ErrEmpty = errors.New("empty")

// Live runs one check of c over the store that answers the question, as
// the list's Answer chooses it: the profile's, synced from where it ends,
// or a walk's, read on from the question's last page.
func (a Asked) Live(ctx context.Context, c LiveCheck) (Newer, error) {
	n := Newer{After: c.After, Page: c.Page}
	src, err := a.loaded(ctx)
	if err != nil {
		return n, err
	}
	st, own := src.st, src.own
	if n.After == 0 {
		if n.After, err = newestID(ctx, st); err != nil {
			return n, err
		}
	}
	q := api.Query{}
	if !own {
		q = a.q.Query
		if n.Page == 0 {
			if n.Page, err = c.LastPage(ctx, q); err != nil {
				return n, err
			}
		}
	}
	res, err := c.Sync(ctx, Local{st}, q, n.Page)
	if err != nil && !errors.Is(err, ErrSyncRunning) {
		return n, err // the sync running (the background's, or another process's) brings what is new
	}
	if res.LastPage > 0 && !own {
		n.Page = res.LastPage
	}
	f := src.f
	f.AfterID = n.After
	err = st.Donations(ctx, query.Query{Filter: f, Sort: "id", Desc: true}, 0, c.Most, func(d *api.Donation) error {
		n.Rows = append(n.Rows, d)
		return nil
	})
	if err == nil {
		n.Sums, err = sums(ctx, st, f, a.allStatuses)
	}
	return n, err
}

// newestID is the largest id the store holds.
func newestID(ctx context.Context, st *store.Store) (int64, error) {
	var id int64
	err := st.Donations(ctx, query.Query{Sort: "id", Desc: true}, 0, 1, func(d *api.Donation) error {
		id = d.ID.Value
		return nil
	})
	if err == nil && id == 0 {
		err = ErrEmpty
	}
	return id, err
}
