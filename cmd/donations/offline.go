package main

import (
	"context"
	"errors"
	"fmt"

	"donations/api"
	"donations/dataset"
	"donations/export"
	"donations/query"
)

// listOffline writes what `list` would, from the local store: the same
// filters, formats and order, and not one request.
func listOffline(ctx context.Context, a *app, o listOptions, w export.Writer) error {
	path, err := offlineStore(ctx, a)
	if err != nil {
		return err
	}
	s, err := openSynced(ctx, a, path)
	if err != nil {
		return err
	}
	defer s.Close()
	noteCoverage(ctx, a, s, o.q.Filter.Dates)
	n, err := answer(ctx, s, o, dataset.FromStore, w)
	return finishList(a, o, w, n, err)
}

// noteCoverage says on stderr when the store does not hold the date range
// asked for (the zero range: the whole account) complete: what it holds,
// and what a sync would add. The answer that follows is over what it holds.
func noteCoverage(ctx context.Context, a *app, s dataset.Local, r api.DateRange) {
	c, err := s.Cover(ctx, r)
	if err != nil || c.Whole {
		return
	}
	h := c.Held
	what := "this date range"
	if r.IsZero() {
		what = "the whole account"
	}
	add := "the rest"
	if h.Missing() > 0 {
		add = fmt.Sprintf("the ≈%d donations it lacks", h.Missing())
	}
	fmt.Fprintf(a.stderr, "donations: partial answer: the store does not hold %s complete: it holds %d donations of it, and %d of ≈%d in all; run  %s  to add %s\n",
		what, h.Count, h.All, max(h.About, h.All), syncAgain(a), add)
}

// answer writes the store's donations that the list's flags select, in
// their order, and says how many. The account's store (from) applies the
// API's own filters too: it holds every donation, where a scratch fill
// holds what they selected.
func answer(ctx context.Context, s dataset.Local, o listOptions, from dataset.From, w export.Writer) (int, error) {
	withServer := from == dataset.FromStore
	if err := checkValues(ctx, o.q, s, holdsAccount(o.q, withServer)); err != nil {
		return 0, err
	}
	q := query.Query{Filter: o.q.Store(withServer), Sort: o.q.Sort, Desc: o.q.Desc}
	if q.Sort == "" {
		// By date: newest first when --sort -date says so, else in the
		// order the server's pages are read: the newest first for --newest
		// (written oldest first, if asked, by ordered).
		q.Sort, q.Desc = "date", q.Desc || o.pagerOrder() == api.NewestFirst
	}
	limit := -1
	switch {
	case o.newest > 0:
		limit = o.newest
	case o.pages > 0:
		// N pages as the server serves them: 50 a page on a server that
		// serves 50 when asked for 100, as the store learned.
		per, err := s.PageSize(ctx, o.q.Query.EffectivePerPage())
		if err != nil {
			return 0, err
		}
		limit = o.pages * per
	}
	return writeAnswer(ctx, s, q, limit, w)
}

// writeAnswer writes the donations q selects, at most limit (< 0: all),
// and says how many: the records as stored, not decoded, when w needs
// nothing else (json, ndjson), since decoding each would be a large part
// of what list --offline --search costs.
func writeAnswer(ctx context.Context, s dataset.Local, q query.Query, limit int, w export.Writer) (int, error) {
	n := 0
	if rw, ok := w.(export.RawWriter); ok {
		err := s.Records(ctx, q, limit, func(raw []byte) error { n++; return rw.WriteRaw(raw) })
		return n, err
	}
	err := s.Donations(ctx, q, limit, func(d *api.Donation) error { n++; return w.Write(d) })
	return n, err
}

// finishList closes the writer and reports the first error, or says on a
// terminal that nothing was written.
func finishList(a *app, o listOptions, w export.Writer, n int, err error) error {
	if errors.As(err, new(usageError)) {
		return err // found before any row: no header either
	}
	if cerr := w.Close(); err == nil {
		err = cerr
	}
	if err == nil && n == 0 {
		noteEmpty(a, "list", o.q)
	}
	return err
}
