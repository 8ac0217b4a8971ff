package dataset_test

import (
	"context"
	"fmt"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	"donations/api"
	"donations/api/apitest"
	"donations/api/demo"
	"donations/dataset"
	"donations/store"
)

// oldMonth is a month well before the newest of the demo's three years.
var oldMonth = api.DateRange{Since: time.Date(2024, 7, 1, 0, 0, 0, 0, time.UTC), Until: time.Date(2024, 8, 1, 0, 0, 0, 0, time.UTC)}

// wantOnly is a Want that asks for r.
func wantOnly(r api.DateRange) func() (api.DateRange, bool) {
	return func() (api.DateRange, bool) { return r, true }
}

// spansTrue fails unless every span of the store's coverage says the truth
// of the list: the store holds (has the ids stored, as ids reads them)
// every donation listed from its first to its last, and where it knows
// where a date range starts or ends, the list does start or end it there.
func spansTrue(t testing.TB, s *store.Store, stored []int64, all []api.Donation) {
	t.Helper()
	c, err := s.Extent(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	held := map[int64]bool{}
	for _, id := range stored {
		held[id] = true
	}
	for _, sp := range c.Spans {
		for i, d := range all {
			id := d.ID.Value
			if id < sp.From || id > sp.To {
				continue
			}
			if !held[id] {
				t.Fatalf("span %+v: donation %d is listed but not held", sp, id)
			}
			at, _ := api.Time(d.DonationDate)
			if id == sp.From && sp.From != 0 && !sp.Since.IsZero() {
				if at.Before(sp.Since) || i > 0 && !dateOf(all[i-1]).Before(sp.Since) {
					t.Fatalf("span %+v: donation %d does not start the range", sp, id)
				}
			}
			if id == sp.To && sp.To != store.End && !sp.Until.IsZero() {
				if !at.Before(sp.Until) || i+1 < len(all) && dateOf(all[i+1]).Before(sp.Until) {
					t.Fatalf("span %+v: donation %d does not end the range", sp, id)
				}
			}
		}
	}
}

func dateOf(d api.Donation) time.Time {
	at, _ := api.Time(d.DonationDate)
	return at
}

// A first sync of 100 pages (newest first) with the browser asking about
// a month two years back: the month is held complete after a few dozen
// requests, not the 90 it would take to walk back to it; the sync then
// passes over it, reading again only the page its start is on, and ends
// holding every donation once, its coverage whole. Both with a server
// that honours date_from/date_to and one that does not (the month is then
// searched for). The list is as long as it must be for that few dozen to
// be well under a third of the sync's requests; it is 1,000 donations
// read 10 a page, whose month spans 3 or 4 pages as it would over 10,000
// read 100 a page: what is checked is counted in pages and requests,
// whatever a page holds.
func TestSyncReadsTheWantedRangeFirst(t *testing.T) {
	t.Parallel()
	skipShort(t)
	const count, per, pages = 1_000, 10, 100
	// Both servers list the same account; it is read once, from one that
	// answers at once.
	all := apitest.Every(t, client(t, server(t, demo.Options{Count: count}).URL))
	for _, filter := range []bool{true, false} {
		t.Run(fmt.Sprintf("date filter %v", filter), func(t *testing.T) {
			t.Parallel()
			srv := server(t, demo.Options{Count: count, DateFilter: filter, Latency: time.Millisecond})
			var inMonth int
			for _, d := range all {
				if oldMonth.Contains(dateOf(d)) {
					inMonth++
				}
			}
			s, _ := tempStore(t)
			base := srv.Requests()
			var heldAt atomic.Int64
			var told atomic.Bool
			o := dataset.SyncOptions{Concurrency: 4, PerPage: per, Want: wantOnly(oldMonth), OnProgress: func(p dataset.Progress) {
				if p.Wanted == oldMonth && p.WantedPage > 0 {
					told.Store(true)
				}
				if heldAt.Load() == 0 {
					// The sync's requests when it fetched the last page of
					// what it just stored, not the server's count now: the
					// walk reads on while pages are stored.
					if h, err := s.Holds(context.Background(), oldMonth); err == nil && h.Complete {
						heldAt.Store(int64(p.Requests))
						if h.Count != inMonth {
							t.Errorf("held complete with %d of the month's %d donations", h.Count, inMonth)
						}
					}
				}
			}}
			res := sync(t, s, client(t, srv.URL), o)
			total := srv.Requests() - base
			t.Logf("month of %d donations held after %d requests; the sync made %d", inMonth, heldAt.Load(), total)
			// The search for the last page (about 15) and the pages fetched
			// ahead of the walk; then the month's 3 or 4 pages, and without
			// a date filter the search for its first (about 11) and the
			// try; up to 8 pages more may be stored with the month's last.
			soon := int64(35)
			if !filter {
				soon = 50
			}
			if n := heldAt.Load(); n == 0 || n > soon || n > int64(total)/3 {
				t.Errorf("the month was held after %d requests of %d; want at most %d", n, total, soon)
			}
			if !told.Load() {
				t.Error("progress never said the month was being read")
			}
			sameAsServer(t, s, srv)
			spansTrue(t, s, srv.Match(demo.Filter{}), all) // the ids sameAsServer found stored
			// The walk back: the search for the last page (about 15), the
			// pages less the month's 3 or so, the page its start is on
			// again, and what was fetched ahead when it went on from there;
			// the month: its pages and its search.
			monthPages := inMonth/per + 1
			most := 20 + pages - monthPages + 1 + 4 + monthPages + 20
			if filter {
				most = 20 + pages - monthPages + 1 + 4 + monthPages + 2
			}
			// The sync does not count what it fetched ahead and dropped.
			if total > most || res.Requests > total || res.Requests < total-8 {
				t.Errorf("%d requests (the sync counted %d); at most %d", total, res.Requests, most)
			}
		})
	}
}

// Killed with SIGKILL at several points of a first sync that reads a month
// first, the store's coverage says only what is true, separate spans
// included; the next sync completes it, every donation held once.
func TestKilledWantFirstSyncResumes(t *testing.T) {
	t.Parallel()
	skipShort(t)
	// The latency makes the child's sync last long enough to be killed at
	// several points; the list is read from the same account served
	// without it.
	opts := demo.Options{Count: 4000, DateFilter: true}
	all := apitest.Every(t, client(t, server(t, opts).URL))
	opts.Latency = 10 * time.Millisecond
	srv := server(t, opts)
	month := api.DateRange{Since: dateOf(all[1000]), Until: dateOf(all[1400])}
	path := filepath.Join(t.TempDir(), "main.db")
	// The last kill comes a few requests after the child said its store
	// holds the month whole, not at a time or a count of requests from its
	// start: on a loaded machine the timed kills land before a page is
	// stored, and the child's requests run pages ahead of what it stored,
	// so that a kill at its 20th request found the month held in part,
	// which the resume reads again. Killed so, what is checked below is a
	// resume of a walk back past the month, however loaded the machine.
	for _, at := range []killAt{{150 * time.Millisecond, 1, false}, {250 * time.Millisecond, 1, false}, {350 * time.Millisecond, 1, false}, {0, 3, true}} {
		requests := killChild(t, srv, path, at, month)
		s := open(t, path)
		held := ids(t, s)
		spansTrue(t, s, held, all)
		c, err := s.Extent(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("killed %v, after %d requests: %d stored, spans %d", at, requests, len(held), len(c.Spans))
		s.Close()
	}
	s := open(t, path)
	before := len(ids(t, s))
	res := sync(t, s, client(t, srv.URL), dataset.SyncOptions{Window: 2, Want: wantOnly(month)})
	// The pages it did not hold (two more where the month's edges cut
	// them), the pages its spans start on again, and the newest pages
	// again (the window, and the end); reading the month's 4 pages again
	// would pass this.
	if most := (len(all)-before)/100 + 8; res.Requests > most {
		t.Errorf("resuming with %d of %d held took %d requests; at most %d", before, len(all), res.Requests, most)
	}
	// sameAsServer fails unless the store holds exactly the list.
	sameAsServer(t, s, srv)
	spansTrue(t, s, srv.Match(demo.Filter{}), all) // the ids sameAsServer found stored
}
