package ui

import (
	"context"

	"donations/api"
	"donations/store"
)

// storePage is how many stored donations one step of a store walk reads:
// the size of an API page, so the list pages through both alike.
const storePage = api.MaxPerPage

// FromStore reads the browser's rows from the local store, so it opens at
// once whatever the server's rate limit. Until a first sync has finished, and
// for a filter the store cannot answer (a campaign id: donations hold none),
// the rows come from the server through api.
func FromStore(st *store.Store, api Source) Source { return storeSource{st, api} }

type storeSource struct {
	st  *store.Store
	api Source
}

func (s storeSource) Walk(q api.Query, order api.Order, concurrency int) Walker {
	if last, err := s.st.LastSync(context.Background()); q.CampaignID != 0 || err != nil || last.IsZero() {
		return s.api.Walk(q, order, concurrency)
	}
	sq := store.Query{Filter: store.Filter{Email: q.Email, FirstName: q.FirstName, LastName: q.LastName, ID: q.ID},
		Sort: "id", Desc: order == api.NewestFirst}
	return &storeWalker{st: s.st, q: sq}
}

// storeWalker pages through a store query in the API's page size.
type storeWalker struct {
	st     *store.Store
	q      store.Query
	offset int
	done   bool
}

func (w *storeWalker) Next(ctx context.Context) (api.Batch, error) {
	var list []api.Donation
	err := w.st.Window(ctx, w.q, w.offset, storePage, func(raw []byte) error {
		var d api.Donation
		if err := d.UnmarshalJSON(raw); err != nil {
			return err
		}
		list = append(list, d)
		return nil
	})
	if err != nil {
		return api.Batch{}, err
	}
	w.offset += len(list)
	w.done = len(list) < storePage
	return api.Batch{Donations: list, Done: w.done}, nil
}

func (w *storeWalker) Done() bool         { return w.done }
func (w *storeWalker) Warnings() []string { return nil }
func (w *storeWalker) Close()             {}
