// Package apitest holds what the tests of several packages need of the
// client, written once.
package apitest

import (
	"context"
	"testing"

	"donations/api"
)

// Every reads every donation c lists, oldest first, apart from whatever a
// test checks: what that test's answers must add up to. An error fails t.
func Every(t testing.TB, c *api.Client) []api.Donation {
	t.Helper()
	p := c.Pager(api.Query{}, api.OldestFirst)
	defer p.Close()
	var all []api.Donation
	for !p.Done() {
		b, err := p.Next(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, b.Donations...)
	}
	return all
}
