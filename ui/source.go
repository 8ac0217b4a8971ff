package ui

import (
	"donations/api"
	"donations/dataset"
)

// Walker yields the pages of one query, in one order: api.Walker, which
// model tests implement too.
type Walker = api.Walker

// Source is what the dataset walks when the store cannot answer the
// question: *api.Client, or in model tests pages of their own. The browser
// never walks it itself.
type Source = dataset.Walks

// FromClient is the Source of an API client.
func FromClient(c *api.Client) Source { return c }
