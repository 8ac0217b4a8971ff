package api_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"donations/api"
	"donations/api/demo"
)

// A server whose page size changes from one page to the next is read to
// its end, oldest first, newest first and read ahead: a page shorter than
// the one before is not the end of the list, an empty one is. The race
// pass's list changes size over 10 pages and more all the same.
func TestAPageSizeThatChangesMidWalkLosesNoGift(t *testing.T) {
	t.Parallel()
	count := sized(1500, 500)
	cases := []struct {
		name  string
		sizes []int
	}{
		{"honest", nil},
		{"50 then 25", []int{50, 25}},
		{"25 then 50", []int{25, 50}},
		{"100, 40, then 70", []int{100, 40, 70}},
	}
	if testing.Short() {
		// Each list of sizes is the same goroutines over other pages:
		// the race pass (-short) reads the one that shrinks and grows.
		cases = cases[3:]
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t, demo.Options{Count: count, PageSizes: tc.sizes}, api.Config{})
			all := h.server.Match(demo.Filter{})
			ids, _ := walk(t, h.client, api.Query{}, api.OldestFirst)
			equalIDs(t, ids, all)
			ids, _ = walkN(t, h.client, api.Query{}, api.OldestFirst, 4)
			equalIDs(t, ids, all)
			ids, _ = walkN(t, h.client, api.Query{}, api.NewestFirst, 3)
			equalIDs(t, ids, reversed(all))
		})
	}
}

// The size learned for estimates is that of the full page furthest along
// the list, whichever way it is walked: pages that grow from 25 to 50 are
// 50 a page.
func TestThePageSizeLearnedIsTheFurthestFullPage(t *testing.T) {
	t.Parallel()
	oneAtATime(t, "the page size learned")
	for _, order := range []api.Order{api.OldestFirst, api.NewestFirst} {
		h := newHarness(t, demo.Options{Count: 600, PageSizes: []int{25, 25, 50}}, api.Config{})
		walk(t, h.client, api.Query{}, order)
		if got := h.client.Profile().PerPage; got != 50 {
			t.Errorf("%v: learned %d a page, want 50", order, got)
		}
	}
	h := newHarness(t, demo.Options{Count: 600, RepeatRows: 10, PageSize: 50}, api.Config{})
	walk(t, h.client, api.Query{}, api.OldestFirst)
	if got := h.client.Profile().PerPage; got != 50 {
		t.Errorf("with rows repeated, learned %d a page, want 50", got)
	}
}

// orderCount is the race pass's account for the servers whose order is
// not what it seems: 10 pages of 50 or 5 of 100, enough pages for a walk
// to read past the ones the order is learned from, either way.
const orderCount = 500

// A server that honours order=asc on page 1 only is learned as one that
// lists newest first: every walk reads every gift, in the order asked.
func TestAnOrderHonouredOnPageOneOnlyIsNotBelieved(t *testing.T) {
	t.Parallel()
	count := sized(1500, orderCount)
	for _, honest := range []bool{true, false} {
		h := newHarness(t, demo.Options{Count: count, Shape: demo.ShapeDonorbox, AscPageOne: !honest}, api.Config{})
		all := h.server.Match(demo.Filter{})
		ids, p := walk(t, h.client, api.Query{}, api.OldestFirst)
		equalIDs(t, ids, all)
		if len(p.Warnings()) > 0 {
			t.Errorf("honest %v: warned %q", honest, p.Warnings())
		}
		ids, _ = walkN(t, h.client, api.Query{}, api.NewestFirst, 2)
		equalIDs(t, ids, reversed(all))
	}
}

// A server whose page 1 lists newest first and later pages oldest first
// cannot be read whole, whichever way it is walked: the walk says so, in
// words and as a value; over its honest twin, neither.
func TestAWalkSaysWhenPagesListInTwoOrders(t *testing.T) {
	t.Parallel()
	oneAtATime(t, "what a walk says of pages in two orders")
	count := sized(1500, orderCount)
	for _, honest := range []bool{true, false} {
		for _, order := range []api.Order{api.OldestFirst, api.NewestFirst} {
			h := newHarness(t, demo.Options{Count: count, NewestPageOne: !honest}, api.Config{})
			ids, p := walk(t, h.client, api.Query{}, order)
			whole := len(ids) == count
			if whole != (p.Partial() == nil) || honest && !whole {
				t.Errorf("honest %v, %v: %d of %d, partial: %v", honest, order, len(ids), count, p.Partial())
			}
			if !whole && !strings.Contains(strings.Join(p.Warnings(), "\n"), "order") {
				t.Errorf("%v: %d of %d and no warning of the order: %q", order, len(ids), count, p.Warnings())
			}
		}
	}
}

// upgraded is a server that lists newest first whatever order says for
// the two requests in which a client learns so, and then as the spec does
// (oldest first, order=desc honoured), unless honest, which never changes.
func upgraded(t *testing.T, honest bool) *harness {
	t.Helper()
	until := 2
	if honest {
		until = 1 << 30
	}
	h := newHarness(t, demo.Options{Count: sized(1500, orderCount), NewestUntil: until, OrderDesc: true}, api.Config{})
	p := h.client.Pager(api.Query{}, api.OldestFirst)
	defer p.Close()
	if err := p.Learn(context.Background()); err != nil {
		t.Fatal(err)
	}
	if o := h.client.Profile().Order; o != api.OrderDescending {
		t.Fatalf("learned %v, want desc-only", o)
	}
	return h
}

// A server learned to list newest first that now lists oldest first (an
// upgrade that honours order) is learned again by a walk of its own, and
// a walk directed from a page says the order changed, instead of reading
// the list the wrong way round.
func TestAnOrderThatFlipsIsLearnedAgain(t *testing.T) {
	t.Parallel()
	oneAtATime(t, "an order that flips, learned again")
	for _, honest := range []bool{true, false} {
		for _, order := range []api.Order{api.OldestFirst, api.NewestFirst} {
			h := upgraded(t, honest)
			all := h.server.Match(demo.Filter{})
			if order == api.NewestFirst {
				all = reversed(all)
			}
			ids, p := walk(t, h.client, api.Query{}, order)
			equalIDs(t, ids, all)
			if len(p.Warnings()) > 0 {
				t.Errorf("honest %v, %v: warned %q", honest, order, p.Warnings())
			}
			if o := h.client.Profile().Order; !honest && o == api.OrderDescending {
				t.Errorf("%v: still %v after pages that ascend", order, o)
			}
		}
	}

	h := upgraded(t, false)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	p := h.client.Pager(api.Query{}, api.NewestFirst).From(1)
	defer p.Close()
	if _, err := p.Next(ctx); !errors.Is(err, api.ErrOrderChanged) {
		t.Errorf("a walk from page 1 of a list that no longer descends: %v", err)
	}
	if o := h.client.Profile().Order; o != api.OrderUnknown {
		t.Errorf("the order is still %v: it must be learned again", o)
	}
}
