// Package ui is the terminal browser: Bubble Tea models for the list, the
// filter form, the detail pane, the raw view and the setup screen. It reads
// donations through the small Source interface and never builds URLs or
// parses JSON itself.
package ui

import (
	"context"

	"donations/api"
)

// Walker yields the pages of one query, in one order.
type Walker interface {
	Next(ctx context.Context) (api.Batch, error)
	Done() bool
	Warnings() []string
}

// Source starts walks. *api.Client satisfies it through FromClient; model
// tests give their own.
type Source interface {
	Walk(q api.Query, order api.Order) Walker
}

type clientSource struct{ c *api.Client }

func (s clientSource) Walk(q api.Query, order api.Order) Walker { return s.c.Pager(q, order) }

// FromClient lets the UI read through an API client.
func FromClient(c *api.Client) Source { return clientSource{c} }
