package api_test

import (
	"context"
	"fmt"
	"net/http/httptest"
	"slices"
	"testing"
	"time"

	"donations/api"
	"donations/api/apitest"
	"donations/api/demo"
)

// The search for the last page finds it whatever number of pages it asks
// for at once, over every kind of server, however the list ends. The
// counts are of pages of 100; both passes ask for pages of 10 instead,
// over lists of as many pages that end in the same ways (onPages): the
// search reads pages and compares them, whatever they hold, and what it
// asks and finds is counted in pages. Pages of 100 are searched by
// TestNewestFindsTheLastPageInLogarithmicRequests and
// TestLastAsksAsManyPagesAtOnceAsTheWalkReads.
func TestLastIsFoundAtAnyWidth(t *testing.T) {
	cases := []struct {
		count int
		past  string
	}{
		{-1, "empty"}, {37, "last"}, {100, "empty"}, {100, "last"}, {101, "empty"},
		{1_650, "empty"}, {2_050, "last"}, {4_050, "last"}, {20_000, "empty"}, {20_050, "last"}, {100_000, "empty"},
	}
	widths := []int{1, 2, 4, 7}
	if testing.Short() {
		// Every list is searched by the same goroutines, whatever it
		// holds: the first pass checks every ending at every width; the
		// race pass (-short), which needs each concurrent path run once,
		// searches on each server one list that repeats its last page
		// past the end (2,050), 4 pages at once.
		cases, widths = cases[6:7], []int{4}
	}
	const per = 10
	q := api.Query{PerPage: per}
	for _, sv := range apitest.Servers {
		for _, tc := range cases {
			// One account for the four widths, each read by a client of its
			// own that learns the server afresh.
			t.Run(fmt.Sprintf("%s/%d/%s", sv.Name, tc.count, tc.past), func(t *testing.T) {
				t.Parallel()
				h := newHarness(t, sv.Of(demo.Options{Count: onPages(tc.count, per), PastEnd: tc.past}), api.Config{})
				want := (len(h.server.Match(demo.Filter{})) + per - 1) / per
				for _, width := range widths {
					t.Run(fmt.Sprintf("width%d", width), func(t *testing.T) {
						p := h.newClient(t, api.Config{}).Pager(q, api.NewestFirst)
						p.SetConcurrency(width)
						last, err := p.Last(context.Background())
						p.Close()
						if err != nil || last != want {
							t.Fatalf("last page %d (%v), want %d", last, err, want)
						}
						most := maxNewestRequests(want)
						if sv.Order != api.OrderAscending {
							most++ // the order=asc that learns the order
						}
						if width == 1 && p.Requests() > most {
							t.Errorf("one at a time took %d requests for %d pages, want at most %d", p.Requests(), want, most)
						}
					})
				}
			})
		}
	}
}

// A pager set to read 4 pages at once searches for the last page 4 pages
// at a time: over 200 pages, 6 round trips where one at a time takes 16,
// each a wait before a first sync's walk begins.
// Under a budget of 5 requests a second, which requests, not round trips,
// bound, it asks one at a time, the fewest requests.
func TestLastAsksAsManyPagesAtOnceAsTheWalkReads(t *testing.T) {
	t.Parallel()
	// The requests of a round overlap only if none is held up for longer
	// than the server's latency, which is long where they must (a loaded
	// machine can hold a goroutine up for tens of milliseconds), short
	// where they go one after another anyway.
	for _, tc := range []struct {
		name                 string
		width, budget        int
		latency              time.Duration
		waves, withPageEight int
	}{
		{"one at a time", 1, 0, 20 * time.Millisecond, 16, 1},
		{"4 at once", 4, 0, 250 * time.Millisecond, 6, 4},
		{"4 at once under a budget", 4, 5, 20 * time.Millisecond, 16, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			last, c, waves, err := lastOf(t, demo.Options{Count: onPages(20_000, perPage()), Latency: tc.latency, RateLimit: tc.budget, RateWindow: time.Second}, tc.width)
			if err != nil || last != 200 {
				t.Fatalf("last page %d (%v), want 200", last, err)
			}
			if got := waves.Count(); got != tc.waves {
				t.Errorf("%d round trips, want %d", got, tc.waves)
			}
			if got := waves.Together(8); got != tc.withPageEight {
				t.Errorf("page 8 was asked for with %d in flight, want %d", got, tc.withPageEight)
			}
			if refused := c.Refused(); refused != 0 {
				t.Errorf("%d requests refused", refused)
			}
		})
	}
}

// A 429 with no budget announced narrows the search to one page at a
// time, as it narrows the pages read ahead: the rounds after it overlap
// no other request.
func TestLastNarrowsAfterA429(t *testing.T) {
	t.Parallel()
	last, c, waves, err := lastOf(t, demo.Options{Count: onPages(20_000, perPage()), Latency: 100 * time.Millisecond,
		Script: []int{0, 0, 0, 0, demo.FaultBare429}}, 4)
	if err != nil || last != 200 || c.Refused() != 1 {
		t.Fatalf("last page %d (%v), %d refused; want 200 and the one 429", last, err, c.Refused())
	}
	for _, page := range []int{32, 64, 128, 256} {
		if got := waves.Together(page); got != 1 {
			t.Errorf("page %d, asked for after the 429, was with %d in flight; want 1", page, got)
		}
	}
}

// lastOf searches for the last page of a demo server of opts, width pages
// at once, and returns what it found, the client, the round trips the
// server counted, and the search's error. It asks for pages of perPage:
// the race pass's (-short) hold a tenth as much, and the callers' counts
// (onPages) make as many of them. The client waits on a clock of
// the test's, whose waits end at once and which moves only by them, so
// the rounds a budget allows depend on the requests, not the machine.
func lastOf(t *testing.T, opts demo.Options, width int) (int, *api.Client, *apitest.Waves, error) {
	t.Helper()
	clock := &apitest.Clock{From: demo.End}
	opts.Now = clock.Now
	waves := apitest.NewWaves(demo.New(opts))
	srv := httptest.NewServer(waves)
	t.Cleanup(srv.Close)
	c, err := api.New(api.Config{BaseURL: srv.URL, Username: demo.DefaultLogin, APIKey: demo.DefaultKey, Clock: clock})
	if err != nil {
		t.Fatal(err)
	}
	p := c.Pager(api.Query{PerPage: perPage()}, api.NewestFirst)
	p.SetConcurrency(width)
	defer p.Close()
	last, err := p.Last(context.Background())
	return last, c, waves, err
}

// The search for the last page keeps the pages the walk reads first within
// SearchBytes of bodies, and lets go of the rest, which the walk asks for
// again: pages as the demo serves them are all kept, so no page is asked
// for twice, and pages of long records are let go of, so what a first
// sync holds does not grow with their length. The walk back from the
// last page still reads every donation once, newest first.
func TestTheSearchKeepsPagesWithinTheirBytes(t *testing.T) {
	t.Parallel()
	cases := []struct {
		long, width int
	}{{0, 1}, {0, 4}, {1, 1}, {1, 4}}
	if testing.Short() {
		// What is kept is checked by the first pass; the race pass
		// (-short) runs the search that lets pages go, 4 at once.
		cases = cases[3:]
	}
	for _, tc := range cases {
		t.Run(fmt.Sprintf("long%d/width%d", tc.long, tc.width), func(t *testing.T) {
			t.Parallel()
			// Over ten pages of long records the search already fetches
			// more than the bound holds: the race pass reads no more.
			count := sized(3_000, 1_000)
			h := newHarness(t, demo.Options{Count: count, LongFields: tc.long}, api.Config{})
			p := h.client.Pager(api.Query{}, api.NewestFirst)
			p.SetConcurrency(tc.width)
			defer p.Close()
			last, err := p.Last(context.Background())
			if err != nil || last != count/100 {
				t.Fatalf("last page %d (%v), want %d", last, err, count/100)
			}
			largest, asked := 0, map[int]int{}
			for _, x := range h.exchanges() {
				largest = max(largest, x.Bytes)
			}
			if held := p.CachedBytes(); held > max(api.SearchBytes, largest) {
				t.Errorf("the search holds %d bytes of pages of up to %d, want at most %d", held, largest, api.SearchBytes)
			}
			var got []int64
			for p.From(last); !p.Done(); {
				b, err := p.Next(context.Background())
				if err != nil {
					t.Fatal(err)
				}
				for _, d := range b.Donations {
					got = append(got, d.ID.Value)
				}
			}
			want := h.server.Match(demo.Filter{})
			slices.Reverse(want)
			if !slices.Equal(got, want) {
				t.Errorf("the walk read %d donations, want the %d of the list, newest first", len(got), len(want))
			}
			for _, x := range h.exchanges() {
				asked[x.Page]++
			}
			for page, n := range asked {
				if tc.long == 0 && n > 1 {
					t.Errorf("page %d of 120 kB asked for %d times, want once", page, n)
				}
			}
		})
	}
}
