package main

import (
	"context"
	"fmt"
	"io"
	"time"

	"donations/api"
	"donations/store"
)

// pages is a walk through the API: every page, or those of a date range.
type pages interface {
	Next(ctx context.Context) (api.Batch, error)
	Done() bool
	Warnings() []string
	Close()
}

// loadIntoMemory reads what a question needs from the API into a store in
// memory, so that it is answered by the same query as offline: with a date
// range, only the pages that may hold it (api.RangeWalk), else every page of
// the server's filters.
func loadIntoMemory(ctx context.Context, c *api.Client, q api.Query, r api.DateRange, concurrency int, stderr io.Writer) (*store.Store, error) {
	st, err := store.Memory(ctx)
	if err != nil {
		return nil, err
	}
	var w pages
	if r.IsZero() {
		p := c.Pager(q, api.OldestFirst)
		p.SetConcurrency(concurrency)
		w = p
	} else {
		w = c.RangeWalk(q, r, concurrency)
	}
	err = fill(ctx, st, w)
	w.Close()
	for _, warn := range w.Warnings() {
		fmt.Fprintln(stderr, "donations: warning:", warn)
	}
	if err != nil {
		st.Close()
		return nil, err
	}
	return st, nil
}

func fill(ctx context.Context, st *store.Store, w pages) error {
	for !w.Done() {
		b, err := w.Next(ctx)
		if err != nil {
			return err
		}
		if _, err := st.Put(ctx, b.Donations, time.Now()); err != nil {
			return err
		}
	}
	return nil
}
