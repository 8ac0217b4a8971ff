package api_test

import (
	"context"
	"fmt"
	"math"
	"testing"
	"time"

	"donations/api"
	"donations/api/apitest"
	"donations/api/demo"
)

func dateOf(t *testing.T, d api.Donation) time.Time {
	t.Helper()
	at, ok := api.Time(d.DonationDate)
	if !ok {
		t.Fatalf("donation %d has no date", d.ID.Value)
	}
	return at
}

func walkRange(t *testing.T, w *api.RangeWalk) []int64 {
	t.Helper()
	var got []int64
	for !w.Done() {
		b, err := w.Next(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range b.Donations {
			got = append(got, d.ID.Value)
		}
	}
	return got
}

// The requests a range costs grow with the log of the account's pages:
// up to 200 pages, of 100 or, in the race pass (-short), of 10 (perPage):
// the bisection counts pages, whatever they hold.
func TestRangeWalkReadsOnlyThePagesOfTheRange(t *testing.T) {
	t.Parallel()
	oneAtATime(t, "the requests a range costs")
	per := perPage()
	for _, size := range []int{onPages(950, per), onPages(5_000, per), onPages(20_000, per)} {
		h := newHarness(t, demo.Options{Count: size}, api.Config{})
		all := apitest.Every(t, h.client)
		first, last := dateOf(t, all[0]), dateOf(t, all[len(all)-1])
		at := func(share float64) time.Time { return first.Add(time.Duration(share * float64(last.Sub(first)))) }
		gap := api.DateRange{Since: dateOf(t, all[len(all)/3]).Add(time.Nanosecond), Until: dateOf(t, all[len(all)/3+1])}
		for _, pos := range []struct {
			name string
			r    api.DateRange
		}{
			{"start", api.DateRange{Until: at(0.02)}}, {"middle", api.DateRange{Since: at(0.5), Until: at(0.53)}},
			{"end", api.DateRange{Since: at(0.97), Until: at(1)}}, {"open end", api.DateRange{Since: at(0.9)}},
			{"empty, between two gifts", gap}, {"before the first", api.DateRange{Since: at(-3), Until: at(-2)}},
			{"after the last", api.DateRange{Since: at(3), Until: at(4)}},
		} {
			t.Run(fmt.Sprintf("%d %s", size, pos.name), func(t *testing.T) {
				var want []int64
				for _, d := range all {
					if pos.r.Contains(dateOf(t, d)) {
						want = append(want, d.ID.Value)
					}
				}
				before := h.server.Requests()
				w := h.client.RangeWalk(api.Query{PerPage: per}, pos.r, 1)
				equalIDs(t, walkRange(t, w), want)
				pages := math.Ceil(float64(size) / float64(per))
				limit := int(2*math.Log2(pages) + math.Ceil(float64(len(want))/float64(per)) + 3)
				if n := h.server.Requests() - before; n > limit {
					t.Errorf("%d requests for %d of %d donations; at most %d", n, len(want), size, limit)
				}
				if len(w.Warnings()) > 0 {
					t.Errorf("warnings: %v", w.Warnings())
				}
			})
		}
	}
}

// Servers that answer past their end with their last page, cap their pages,
// overlap them, or list some donations out of date order: the walk still
// finds exactly the range, and says when it had to read every page. The
// sizes are of pages of 100; the race pass (-short) scales them all to
// pages of 10 (perPage), as many pages, bent in the same proportion.
func TestRangeWalkOnServersThatBendTheRules(t *testing.T) {
	t.Parallel()
	per := perPage()
	for _, tc := range []struct {
		name string
		opts demo.Options
		warn bool
	}{
		{"repeats its last page past the end", demo.Options{Count: 1234, PastEnd: "last"}, false},
		{"caps its pages at 40", demo.Options{Count: 1234, PageSize: 40}, false},
		{"overlaps its pages", demo.Options{Count: 1234, RepeatRows: 5}, false},
		{"lists backdated gifts", demo.Options{Count: 1234, Backdated: 0.05}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			opts := tc.opts
			opts.Count, opts.PageSize, opts.RepeatRows = onPages(opts.Count, per), scaled(opts.PageSize, per), scaled(opts.RepeatRows, per)
			h := newHarness(t, opts, api.Config{})
			all := apitest.Every(t, h.client)
			r := api.DateRange{Since: dateOf(t, all[scaled(1000, per)]), Until: dateOf(t, all[scaled(1100, per)])}
			var want []int64
			for _, d := range all {
				if r.Contains(dateOf(t, d)) {
					want = append(want, d.ID.Value)
				}
			}
			w := h.client.RangeWalk(api.Query{PerPage: per}, r, 2)
			equalIDs(t, walkRange(t, w), want)
			if (len(w.Warnings()) > 0) != tc.warn {
				t.Errorf("warnings: %v", w.Warnings())
			}
		})
	}
}
