package dataset_test

import (
	"context"
	"strings"
	"testing"

	"donations/api"
	"donations/api/demo"
	"donations/dataset"
)

// A sync over a server whose paging changes under it holds every gift, or
// says it could not and does not call the store whole: a page size that
// changes mid-walk, order=asc honoured on page 1 only, and page 1 newest
// first over later pages oldest first (which no walk can read whole).
// The account is whole pages at every size served (24 of 25, 12 of 50, 6
// of 100), many more than the walk reads at once.
func TestASyncOverPagingThatChangesLosesNoGiftSilently(t *testing.T) {
	t.Parallel()
	const count = 600
	cases := []struct {
		name  string
		opts  demo.Options
		whole bool
	}{
		{"honest", demo.Options{}, true},
		{"50 then 25 a page", demo.Options{PageSizes: []int{50, 25}}, true},
		{"25 then 50 a page", demo.Options{PageSizes: []int{25, 50}}, true},
		{"honest, newest first unless asked", demo.Options{Shape: demo.ShapeDonorbox}, true},
		{"order=asc honoured on page 1 only", demo.Options{Shape: demo.ShapeDonorbox, AscPageOne: true}, true},
		{"page 1 newest first, later pages oldest first", demo.Options{NewestPageOne: true}, false},
	}
	if testing.Short() {
		// Each server is the same sync's goroutines over other pages: the
		// race pass (-short) syncs the one whose order is learned twice.
		cases = cases[4:5]
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			tc.opts.Count = count
			srv := server(t, tc.opts)
			for _, full := range []bool{false, true} {
				s, _ := tempStore(t)
				res, serr := dataset.Sync(context.Background(), s, client(t, srv.URL), dataset.SyncOptions{Full: full, Concurrency: 2})
				h, err := s.Holds(context.Background(), api.DateRange{})
				if err != nil {
					t.Fatal(err)
				}
				said := serr != nil || len(res.Warnings) > 0
				switch held := len(ids(t, s)); {
				case tc.whole && (serr != nil || held != count || !h.Complete || said):
					t.Errorf("full %v: holds %d of %d, whole %v, warned %q (%v)", full, held, count, h.Complete, res.Warnings, serr)
				case !tc.whole && (h.Complete || !said):
					t.Errorf("full %v: holds %d of %d and calls it whole %v, warned %q", full, held, count, h.Complete, res.Warnings)
				}
			}
		})
	}
}

// A store filled from a server that listed newest first only, synced once
// the server lists oldest first (an upgrade that honours order), learns
// the order again and holds what came since; one that still lists newest
// first syncs as before. The account's 300 gifts are pages enough for
// the order to show on the first of them and the new ones to lie past them.
func TestASyncAfterTheServersOrderFlippedLearnsItAgain(t *testing.T) {
	t.Parallel()
	flips := []bool{false, true}
	if testing.Short() {
		flips = flips[1:] // the sync that learns again; the one as before is the first pass's
	}
	for _, flipped := range flips {
		_, s, _ := syncedCopy(t, demo.Options{Count: 300, NewestOnly: true})
		after := server(t, demo.Options{Count: 300, NewestOnly: !flipped})
		after.Add(30)
		res := sync(t, s, client(t, after.URL), dataset.SyncOptions{Window: 1})
		sameAsServer(t, s, after)
		h, err := s.Holds(context.Background(), api.DateRange{})
		if err != nil || res.New != 30 || !h.Complete {
			t.Errorf("flipped %v: %d new, whole %v (%v), warned %q", flipped, res.New, h.Complete, err, res.Warnings)
		}
		p, _ := s.Profile(context.Background())
		if want := map[bool]api.ListOrder{false: api.OrderDescending, true: api.OrderAscending}[flipped]; p.Order != want {
			t.Errorf("flipped %v: the store remembers %v, want %v", flipped, p.Order, want)
		}
		if flipped && !strings.Contains(strings.Join(res.Warnings, "\n"), "order") {
			t.Errorf("the sync did not say the order changed: %q", res.Warnings)
		}
	}
}

// The page size a sync stores (what estimates and `list --offline --pages`
// count by) is the client's learned one (what `cache info` says): pages
// that grow or shrink mid-walk are as many a page as the page read last,
// in both. An account of 300 still ends on several full pages of the size
// served last in every case (of 25, 50 and 70), past the sizes before it.
func TestASyncStoresThePageSizeTheClientLearned(t *testing.T) {
	t.Parallel()
	cases := []struct {
		sizes []int
		want  int
	}{
		{nil, 100},
		{[]int{50, 25}, 25},
		{[]int{25, 25, 50}, 50},
		{[]int{100, 40, 70}, 70},
	}
	if testing.Short() {
		// The size stored is arithmetic over the pages read: the race
		// pass (-short) syncs the pages that shrink and grow.
		cases = cases[3:]
	}
	for _, tc := range cases {
		srv := server(t, demo.Options{Count: 300, PageSizes: tc.sizes})
		s, _ := tempStore(t)
		sync(t, s, client(t, srv.URL), dataset.SyncOptions{})
		stored, err := s.PageSize(context.Background(), api.MaxPerPage)
		if err != nil {
			t.Fatal(err)
		}
		p, err := s.Profile(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if stored != tc.want || p.PerPage != tc.want {
			t.Errorf("pages of %v: the store counts %d a page, the client learned %d, want %d", tc.sizes, stored, p.PerPage, tc.want)
		}
	}
}
