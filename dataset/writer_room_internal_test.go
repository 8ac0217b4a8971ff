package dataset

import (
	"context"
	"encoding/json"
	"slices"
	"sync/atomic"
	"testing"

	"donations/api"
	"donations/api/apitest"
	"donations/api/demo"
	"donations/query"
	"donations/store"
)

// The writer holds the pages sent to it and not yet stored by their bytes:
// with a byte budget of about one page, or of three, a walk read with
// pages fetched ahead still stores every gift once, its pages in order,
// and what was sent and not yet stored never passes the budget by more
// than one page. The walk is 40 pages, 20 in the race run: more than the 8
// fetched ahead, so the budget holds the walk back in both.
func TestWriterHoldsPagesWithinItsBytes(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	count := apitest.Sized(1_000, 500)
	srv, err := demo.Start(ctx, "", demo.Options{Count: count})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	c, err := api.New(api.Config{BaseURL: srv.URL, Username: demo.DefaultLogin, APIKey: demo.DefaultKey})
	if err != nil {
		t.Fatal(err)
	}
	limits := []int{1, 100_000}
	if testing.Short() {
		// The race pass (-short) holds the walk back on every page; a
		// budget of three pages is the same goroutines, less often held.
		limits = limits[:1]
	}
	for _, limit := range limits {
		s, err := store.Memory(ctx)
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		var sent []int // the body of each page sent, in order; 0 for none
		var stored atomic.Int64
		var order []int // the last page of each batch stored
		over := 0
		ps := pass{w: c.Walk(api.Query{PerPage: 25}, api.OldestFirst, api.DateRange{}, 8)}
		ps.each = func(b api.Batch) {
			n := 0
			if b.Page != nil {
				n = b.Page.Exchange.Bytes
			}
			sent = append(sent, n)
		}
		ps.progress = func(p Progress) {
			order = append(order, p.Page) // on the writer's goroutine, read once it is done
			stored.Store(int64(p.Done))
		}
		done := 0
		ps.done = &done
		ps.stop = func() bool {
			// Pages already stored only lower what is held: read after
			// the send, stored can only be behind.
			held := 0
			for _, n := range sent[min(int(stored.Load()), len(sent)):] {
				held += n
			}
			if held > limit+slices.Max(sent) {
				over = max(over, held)
			}
			return false
		}
		if _, err := runWithin(ctx, s, ps, limit); err != nil {
			t.Fatal(err)
		}
		ps.w.Close()
		if pages := count / 25; len(sent) < pages || slices.Min(sent[:pages]) < 20_000 {
			t.Fatalf("%d pages sent, not the %d pages of 25 gifts the demo serves", len(sent), pages)
		}
		if over > 0 {
			t.Errorf("budget %d bytes, pages of %d–%d: the writer held %d bytes", limit, slices.Min(sent), slices.Max(sent), over)
		}
		if !slices.IsSorted(order) || len(slices.Compact(slices.Clone(order))) != len(order) {
			t.Errorf("budget %d: batches stored pages out of order: %v", limit, order)
		}
		var got []int64
		err = s.Window(ctx, query.Query{Sort: "id"}, 0, -1, func(raw []byte) error {
			var d struct{ ID int64 }
			err := json.Unmarshal(raw, &d)
			got = append(got, d.ID)
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		if want := srv.Match(demo.Filter{}); !slices.Equal(got, want) {
			t.Errorf("budget %d: stored %d donations, the server lists %d", limit, len(got), len(want))
		}
	}
}
