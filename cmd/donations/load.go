package main

import (
	"context"
	"fmt"
	"io"

	"donations/api"
	"donations/dataset"
)

// loadIntoMemory reads what a question needs from the API into a store in
// memory, so that it is answered by the same query as offline: with a date
// range, only the pages that may hold it, else every page of the server's
// filters (api.Client.Walk chooses). line, when not nil, shows the read's
// progress, and is cleared when it ends.
func loadIntoMemory(ctx context.Context, c *api.Client, q api.Query, r api.DateRange, concurrency int, stderr io.Writer, line *statusLine) (dataset.Local, error) {
	st, err := dataset.InMemory(ctx)
	if err != nil {
		return dataset.Local{}, err
	}
	res, err := line.watched(ctx, st, func(w *dataset.Watcher) (dataset.SyncResult, error) {
		return w.Fill(ctx, c.Walk(q, api.OldestFirst, r, concurrency))
	})
	for _, warn := range res.Warnings {
		fmt.Fprintln(stderr, "donations: warning:", warn)
	}
	if err != nil {
		st.Close()
		return dataset.Local{}, err
	}
	return st, nil
}

// terminalHooks are the hooks of a command that reads many pages: on a
// terminal one status line shows progress and waits alike, and --verbose
// lines go above it; elsewhere (line nil) waits are lines of their own.
func terminalHooks(a *app) (hooks, *statusLine) {
	h := hooks{onWait: waitNotice(a.env)}
	t := a.terms.err
	if t == nil {
		return h, nil
	}
	line := newStatusLine(t)
	h.onWait = line.waiting
	if a.g.verbose {
		h.trace = func(x api.Exchange) { line.above(func(w io.Writer) { logExchange(w, x) }) }
	}
	return h, line
}
