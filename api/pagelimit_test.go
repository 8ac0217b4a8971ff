package api_test

import (
	"context"
	"testing"
	"time"

	"donations/api"
	"donations/api/demo"
)

// A caller that asks for more pages than it said it would take (list
// --newest N --pages M stops on donations, not pages) is given them: the
// page limit only narrows what is read ahead. The walk read ahead no page
// once the limit was reached, not even the one asked for, and panicked.
func TestPagerGivesPagesPastItsLimitWhenAsked(t *testing.T) {
	t.Parallel()
	for _, order := range []api.Order{api.OldestFirst, api.NewestFirst} {
		t.Run(order.String(), func(t *testing.T) {
			h := newHarness(t, demo.Options{Count: 40}, api.Config{})
			ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
			defer cancel()
			p := h.client.Pager(api.Query{PerPage: 5}, order)
			p.SetConcurrency(4)
			p.SetPageLimit(1)
			defer p.Close()
			var ids []int64
			for !p.Done() {
				b, err := p.Next(ctx)
				if err != nil {
					t.Fatal(err)
				}
				for _, d := range b.Donations {
					ids = append(ids, d.ID.Value)
				}
			}
			want := h.server.Match(demo.Filter{})
			if order == api.NewestFirst {
				want = reversed(want)
			}
			equalIDs(t, ids, want)
		})
	}
}
