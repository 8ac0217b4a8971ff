package main

import (
	"context"
	"fmt"

	"donations/api"
	"donations/export"
	"donations/store"
)

// listOffline writes what `list` would, from the local store: the same
// filters, formats and order, and not one request.
func listOffline(ctx context.Context, a *app, o listOptions, w export.Writer) int {
	if o.q.CampaignID != 0 {
		fmt.Fprintln(a.stderr, "donations list: --campaign-id needs the server (donations hold no campaign id); drop --offline")
		return exitConfig
	}
	path, err := offlineStore(ctx, a)
	if err != nil {
		return reportError(a.env, err)
	}
	s, err := openSynced(ctx, path)
	if err != nil {
		return reportError(a.env, err)
	}
	defer s.Close()
	q := store.Query{Filter: store.Filter{Email: o.q.Email, FirstName: o.q.FirstName, LastName: o.q.LastName, ID: o.q.ID}, Sort: "id"}
	limit := -1
	switch {
	case o.newest > 0:
		q.Sort, q.Desc, limit = "date", true, o.newest
	case o.pages > 0:
		limit = o.pages * o.q.EffectivePerPage()
	}
	err = s.Window(ctx, q, 0, limit, func(raw []byte) error {
		var d api.Donation
		if err := d.UnmarshalJSON(raw); err != nil {
			return err
		}
		return w.Write(&d)
	})
	if cerr := w.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return reportError(a.env, err)
	}
	return exitOK
}
