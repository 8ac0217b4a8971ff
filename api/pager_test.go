package api_test

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"
	"time"

	"donations/api"
	"donations/api/demo"
)

// Every server behaviour the spec leaves open (docs/reliability.md) must yield every donation exactly
// once, in order.
//
// The sizes are of pages of 100. Where a case asks for the default, the
// race pass (-short) asks for pages of 10 (perPage) over as many pages,
// of a server that caps or stretches them in the same proportion: what
// the walk checks is pages, whatever they hold.
func TestWalkDeliversEveryDonationOnceInOrder(t *testing.T) {
	t.Parallel()
	per, short, full := perPage(), 1234, 1200
	cases := []struct {
		name  string
		opts  demo.Options
		query api.Query
	}{
		{"bare array, short last page", demo.Options{Count: short}, api.Query{}},
		{"bare array, full last page", demo.Options{Count: full}, api.Query{}},
		{"small pages", demo.Options{Count: 95}, api.Query{PerPage: 7}},
		{"per_page above the maximum reverts to 100", demo.Options{Count: 450}, api.Query{PerPage: 500}},
		{"wrapped list with metadata", demo.Options{Count: short, Wrap: true}, api.Query{}},
		{"field types drift", demo.Options{Count: 600, Drift: true}, api.Query{}},
		{"server caps pages at 50", demo.Options{Count: 430, PageSize: 50}, api.Query{}},
		{"server sends 150 a page", demo.Options{Count: 430, PageSize: 150}, api.Query{}},
		{"past the end repeats the last page", demo.Options{Count: full, PastEnd: "last"}, api.Query{}},
		{"past the end repeats a short last page", demo.Options{Count: short, PastEnd: "last"}, api.Query{}},
		{"429 then serves", demo.Options{Count: 300, Script: []int{429, 0, 429}}, api.Query{}},
		{"500 twice then serves", demo.Options{Count: 300, Script: []int{500, 500}}, api.Query{}},
		{"502 and 503 mid-walk", demo.Options{Count: 300, Script: []int{0, 502, 503}}, api.Query{}},
		{"empty account", demo.Options{Count: -1}, api.Query{}},
		{"one short page", demo.Options{Count: 37}, api.Query{}},
	}
	widths := []int{1, 4}
	if testing.Short() {
		// The race pass (-short) reads each list 4 pages at once; one at
		// a time, on no goroutine of the client's own, is the first pass's.
		widths = widths[1:]
	}
	for _, tc := range cases {
		for _, n := range widths {
			t.Run(fmt.Sprintf("%s, %d at once", tc.name, n), func(t *testing.T) {
				opts, q := tc.opts, tc.query
				if q.PerPage == 0 {
					q.PerPage = per // 100 is the default: the same request
					opts.Count, opts.PageSize = onPages(opts.Count, per), scaled(opts.PageSize, per)
				}
				h := newHarness(t, opts, api.Config{})
				ids, p := walkN(t, h.client, q, api.OldestFirst, n)
				equalIDs(t, ids, h.server.Match(demo.Filter{}))
				if len(p.Warnings()) != 0 {
					t.Errorf("unexpected warnings: %v", p.Warnings())
				}
			})
		}
	}
}

// A short page ends no walk on its own: a server whose page size changes
// serves one in the middle of the list. The empty page after it does, one
// request more.
func TestAShortPageIsConfirmedByTheNext(t *testing.T) {
	t.Parallel()
	h := newHarness(t, demo.Options{Count: 1234}, api.Config{})
	walk(t, h.client, api.Query{}, api.OldestFirst)
	if n := h.server.Requests(); n != 14 {
		t.Errorf("1,234 donations took %d requests, want 14 (12 full pages, a short one and an empty one)", n)
	}
}

func TestWalkStopsWhenServerIgnoresPage(t *testing.T) {
	t.Parallel()
	h := newHarness(t, demo.Options{Count: 1000, IgnorePage: true}, api.Config{})
	ids, p := walk(t, h.client, api.Query{}, api.OldestFirst)
	equalIDs(t, ids, h.server.Match(demo.Filter{})[:100])
	// Pages 1 and 2, and page 2 in pages half as long, which tells the
	// server apart from one that repeats a list of one page past its end.
	if n := h.server.Requests(); n != 3 {
		t.Errorf("took %d requests, want 3", n)
	}
	if len(p.Warnings()) != 1 || !strings.Contains(p.Warnings()[0], "ignore the page parameter") {
		t.Errorf("warnings = %v, want one about the page parameter", p.Warnings())
	}
	if !errors.Is(p.Partial(), api.ErrPartial) {
		t.Errorf("the walk read page 1 only and says it read every gift: %v", p.Partial())
	}
}

func TestFiltersCombineAndMatchTheServer(t *testing.T) {
	t.Parallel()
	h := newHarness(t, demo.Options{Count: 5000}, api.Config{})
	all := h.server.Match(demo.Filter{})
	cases := []struct {
		name string
		q    api.Query
		f    demo.Filter
		min  int
	}{
		{"e-mail of a repeat donor", api.Query{Email: "ada.lovelace@example.org"}, demo.Filter{Email: "ada.lovelace@example.org"}, 5},
		{"e-mail in another case", api.Query{Email: "ADA.Lovelace@example.org"}, demo.Filter{Email: "ada.lovelace@example.org"}, 5},
		{"first and last name", api.Query{FirstName: "花子", LastName: "山田"}, demo.Filter{FirstName: "花子", LastName: "山田"}, 5},
		{"campaign", api.Query{CampaignID: 104}, demo.Filter{CampaignID: 104}, 100},
		{"campaign and last name", api.Query{CampaignID: 101, LastName: "Núñez"}, demo.Filter{CampaignID: 101, LastName: "Núñez"}, 1},
		{"donation id", api.Query{ID: all[42]}, demo.Filter{ID: all[42]}, 1},
		{"id and a different e-mail", api.Query{ID: all[42], Email: "nobody@example.org"}, demo.Filter{ID: all[42], Email: "nobody@example.org"}, 0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			want := h.server.Match(tc.f)
			if len(want) < tc.min {
				t.Fatalf("demo data has %d matches, the test needs at least %d", len(want), tc.min)
			}
			ids, _ := walk(t, h.client, tc.q, api.OldestFirst)
			equalIDs(t, ids, want)
		})
	}
}

// maxNewestRequests is the most requests Newest may send over a list of
// that many pages, 2·⌈log2(pages)⌉+2: it searches for the last page
// rather than walk to it, doubling past it and then halving the gap,
// each a whole power of two, whatever the count of pages.
func maxNewestRequests(pages int) int {
	if pages < 2 {
		return 3
	}
	return 2*int(math.Ceil(math.Log2(float64(pages)))) + 2
}

// The search over 1,000 pages is held to the log of them. The sizes are
// of pages of 100; the race pass (-short) scales them all to pages of 10
// (perPage), as many pages, the newest asked for as many pages' worth:
// the search counts pages, whatever they hold.
func TestNewestFindsTheLastPageInLogarithmicRequests(t *testing.T) {
	t.Parallel()
	big, per := 100_000, perPage()
	cases := []struct {
		name  string
		count int
		past  string
		n     int
	}{
		{fmt.Sprintf("%d: last page full", big), big, "empty", 100},
		{fmt.Sprintf("%d: last page short", big+50), big + 50, "empty", 100},
		{fmt.Sprintf("%d, past the end repeats the last page", big), big, "last", 100},
		{fmt.Sprintf("%d, past the end repeats the short last page", big+50), big + 50, "last", 100},
		{"newest spans two pages", 10_030, "empty", 100},
		{"more asked than exist", 150, "empty", 500},
		{"one full page", 100, "empty", 10},
		{"one full page repeated past the end", 100, "last", 10},
		{"one short page", 37, "last", 10},
		{"empty account", -1, "empty", 10},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t, demo.Options{Count: onPages(tc.count, per), PastEnd: tc.past}, api.Config{})
			all := h.server.Match(demo.Filter{})
			n := scaled(tc.n, per)
			got, err := h.client.Newest(context.Background(), api.Query{PerPage: per}, n)
			if err != nil {
				t.Fatal(err)
			}
			ids := make([]int64, len(got))
			for i, d := range got {
				ids[i] = d.ID.Value
			}
			want := reversed(all)[:min(n, len(all))]
			equalIDs(t, ids, want)
			pages := (len(all) + per - 1) / per
			if n := h.server.Requests(); n > maxNewestRequests(pages) {
				t.Errorf("took %d requests for %d pages, want at most %d", n, pages, maxNewestRequests(pages))
			}
		})
	}
}

func TestNewestFirstWalkReachesEveryDonationBackwards(t *testing.T) {
	t.Parallel()
	oneAtATime(t, "the donations of a walk back")
	for _, past := range []string{"empty", "last"} {
		t.Run(past, func(t *testing.T) {
			h := newHarness(t, demo.Options{Count: 1234, PastEnd: past}, api.Config{})
			ids, _ := walk(t, h.client, api.Query{}, api.NewestFirst)
			equalIDs(t, ids, reversed(h.server.Match(demo.Filter{})))
		})
	}
}

// A server that starts each page with the last rows of the one before
// makes every page after the first longer than it: the first page is not
// the last for that, and the newest-first walk reads back from the real
// last page, ahead of itself too.
func TestNewestFirstOverRepeatedRows(t *testing.T) {
	t.Parallel()
	widths := []int{1, 4}
	if testing.Short() {
		widths = widths[1:] // one at a time is the first pass's
	}
	for _, concurrency := range widths {
		h := newHarness(t, demo.Options{Count: 1234, RepeatRows: 3}, api.Config{})
		p := h.client.Pager(api.Query{}, api.NewestFirst)
		p.SetConcurrency(concurrency)
		var ids []int64
		for !p.Done() {
			b, err := p.Next(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			for _, d := range b.Donations {
				ids = append(ids, d.ID.Value)
			}
		}
		p.Close()
		equalIDs(t, ids, reversed(h.server.Match(demo.Filter{})))
	}
}

func TestNewestFirstWithFilter(t *testing.T) {
	t.Parallel()
	h := newHarness(t, demo.Options{Count: 5000}, api.Config{})
	ids, _ := walk(t, h.client, api.Query{CampaignID: 103}, api.NewestFirst)
	equalIDs(t, ids, reversed(h.server.Match(demo.Filter{CampaignID: 103})))
}

func TestPagerRetryAfterErrorResumesWithoutLoss(t *testing.T) {
	t.Parallel()
	// Every third request fails for good (no retries), and the caller retries
	// the step: the walk must still deliver each donation once.
	h := newHarness(t, demo.Options{Count: 450, Script: []int{0, 500, 0, 0, 500, 0, 500}},
		api.Config{Retry: api.RetryPolicy{MaxAttempts: 1}})
	p := h.client.Pager(api.Query{}, api.OldestFirst)
	var ids []int64
	failures := 0
	for !p.Done() {
		b, err := p.Next(context.Background())
		if err != nil {
			failures++
			if failures > 10 {
				t.Fatal(err)
			}
			continue
		}
		for _, d := range b.Donations {
			ids = append(ids, d.ID.Value)
		}
	}
	if failures != 3 {
		t.Errorf("saw %d failures, want 3", failures)
	}
	equalIDs(t, ids, h.server.Match(demo.Filter{}))
}

func TestPagerStopsWhenContextIsCancelled(t *testing.T) {
	t.Parallel()
	h := newHarness(t, demo.Options{Count: 500, Latency: 10 * time.Second}, api.Config{})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		_, err := h.client.Pager(api.Query{}, api.OldestFirst).Next(ctx)
		done <- err
	}()
	cancel()
	select {
	case err := <-done:
		if err == nil {
			t.Fatal("a cancelled walk returned no error")
		}
	case <-time.After(30 * time.Second):
		t.Fatal("the walk did not stop when its context was cancelled")
	}
}

// One request where the server honours order=desc, and otherwise the
// search of the log of the pages (1,000 of them, 100 in the race pass).
func TestNewestFirstUsesOrderDescWhenTheServerHonoursIt(t *testing.T) {
	t.Parallel()
	count := sized(100_000, 10_000)
	for _, honoured := range []bool{true, false} {
		t.Run(fmt.Sprintf("honoured=%v", honoured), func(t *testing.T) {
			h := newHarness(t, demo.Options{Count: count, OrderDesc: honoured}, api.Config{})
			all := h.server.Match(demo.Filter{})
			got, err := h.client.Newest(context.Background(), api.Query{}, 100)
			if err != nil {
				t.Fatal(err)
			}
			ids := make([]int64, len(got))
			for i, d := range got {
				ids[i] = d.ID.Value
			}
			equalIDs(t, ids, reversed(all)[:100])
			want := maxNewestRequests(count / 100)
			if honoured {
				want = 1
			}
			if n := h.server.Requests(); n > want {
				t.Errorf("%d requests, want at most %d", n, want)
			}
		})
	}
}

func TestNewestFirstWalkOverOrderDesc(t *testing.T) {
	t.Parallel()
	h := newHarness(t, demo.Options{Count: 1234, OrderDesc: true}, api.Config{})
	ids, _ := walk(t, h.client, api.Query{CampaignID: 103}, api.NewestFirst)
	equalIDs(t, ids, reversed(h.server.Match(demo.Filter{CampaignID: 103})))
}
