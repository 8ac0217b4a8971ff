package ui

import (
	"context"

	"donations/api"
	"donations/store"
)

// storePage is how many stored donations one step of a store walk reads:
// the size of an API page, so an export pages through both alike.
const storePage = api.MaxPerPage

// storeWalker pages through a store query, so an export writes exactly what
// the list shows, in its order.
type storeWalker struct {
	st     *store.Store
	q      store.Query
	offset int
	done   bool
}

func (w *storeWalker) Next(ctx context.Context) (api.Batch, error) {
	var list []api.Donation
	err := w.st.Donations(ctx, w.q, w.offset, storePage, func(d *api.Donation) error {
		list = append(list, *d)
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
