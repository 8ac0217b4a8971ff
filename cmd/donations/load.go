package main

import (
	"context"
	"fmt"
	"io"

	"donations/api"
	"donations/dataset"
	"donations/store"
)

// loadIntoMemory reads what a question needs from the API into a store in
// memory, so that it is answered by the same query as offline: with a date
// range, only the pages that may hold it, else every page of the server's
// filters (api.Client.Walk chooses).
func loadIntoMemory(ctx context.Context, c *api.Client, q api.Query, r api.DateRange, concurrency int, stderr io.Writer) (*store.Store, error) {
	st, err := store.Memory(ctx)
	if err != nil {
		return nil, err
	}
	res, err := dataset.Fill(ctx, st, c.Walk(q, api.OldestFirst, r, concurrency))
	for _, warn := range res.Warnings {
		fmt.Fprintln(stderr, "donations: warning:", warn)
	}
	if err != nil {
		st.Close()
		return nil, err
	}
	return st, nil
}
