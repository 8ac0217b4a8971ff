package ui

import "donations/api"

// Walker yields the pages of one query, in one order: api.Walker, which
// model tests implement too.
type Walker = api.Walker

// Source starts walks. concurrency is how many pages a walk may fetch at
// once. *api.Client serves through FromClient; model tests
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
