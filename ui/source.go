package ui

import (
	"context"

	"donations/api"
)

// Walker yields the pages of one query, in one order. Close stops any request
// still fetched ahead; it is called once nothing else uses the walker.
type Walker interface {
	Next(ctx context.Context) (api.Batch, error)
	Done() bool
	Warnings() []string
	Close()
}

// Source starts walks. concurrency is how many pages a walk may fetch at
// once: 1 for the list, which reads a page at a time as the user scrolls,
// more for an export. *api.Client serves through FromClient; model tests
// give their own.
type Source interface {
	// Walk starts a walk over q in order; with a date range, over the pages
	// that may hold it only (oldest first, whatever order says).
	Walk(q api.Query, order api.Order, dates api.DateRange, concurrency int) Walker
}

type clientSource struct{ c *api.Client }

func (s clientSource) Walk(q api.Query, order api.Order, dates api.DateRange, concurrency int) Walker {
	return s.c.Walk(q, order, dates, concurrency)
}

// FromClient lets the UI read through an API client.
func FromClient(c *api.Client) Source { return clientSource{c} }
