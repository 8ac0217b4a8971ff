package api_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"donations/api"
	"donations/api/apitest"
	"donations/api/demo"
)

// Every kind of server is walked right: oldest first, newest first, the
// newest ten and a date range, each exactly; the client learns which way
// it lists from its answers, asks for 100 a page every time, and is never
// refused a date filter.
func TestEveryKindOfServerIsWalkedRight(t *testing.T) {
	t.Parallel()
	servers := apitest.Servers
	if testing.Short() {
		// The servers differ in what they list, not in the goroutines
		// that read them: the race pass (-short) walks the spec's, whose
		// newest first is a search and a walk back, 3 pages at once.
		servers = servers[:1]
	}
	for _, sv := range servers {
		t.Run(sv.Name, func(t *testing.T) {
			// The race pass's account still holds the range of 400, from
			// its second page, and pages on either side of it.
			h := newHarness(t, sv.Of(demo.Options{Count: sized(1234, 634)}), api.Config{})
			all := h.server.Match(demo.Filter{})
			ids, _ := walk(t, h.client, api.Query{}, api.OldestFirst)
			equalIDs(t, ids, all)
			if p := h.client.Profile(); p.Order != sv.Order || p.PerPage != 100 {
				t.Errorf("learned %+v, want order %v and 100 a page", p, sv.Order)
			}
			ids, _ = walkN(t, h.client, api.Query{}, api.NewestFirst, 3)
			equalIDs(t, ids, reversed(all))
			newest, err := h.client.Newest(context.Background(), api.Query{}, 10)
			if err != nil {
				t.Fatal(err)
			}
			equalIDs(t, idsOf(newest), reversed(all)[:10])

			dated := apitest.Dated(t, h.http.URL)
			from := sized(300, 100)
			r := api.DateRange{Since: dated[all[from]], Until: dated[all[from+400]].Add(time.Hour)}
			got := walkRange(t, h.client.RangeWalk(api.Query{}, r, 2))
			if len(got) != apitest.InRange(dated, r) || len(got) < 400 {
				t.Errorf("the range gave %d donations, the server holds %d in it", len(got), apitest.InRange(dated, r))
			}
			for _, id := range got {
				if !r.Contains(dated[id]) {
					t.Fatalf("donation %d, dated %s, is not in the range", id, dated[id])
				}
			}
			for _, x := range h.exchanges() {
				if !strings.Contains(x.URL, "per_page=100") || x.Status != http.StatusOK && x.Status != 0 { // 0: read ahead, cancelled
					t.Errorf("%s -> %d: want per_page=100, answered 200", x.URL, x.Status)
				}
			}
		})
	}
}

func idsOf(ds []api.Donation) []int64 {
	out := make([]int64, len(ds))
	for i, d := range ds {
		out[i] = d.ID.Value
	}
	return out
}

// A server that serves 50 a page whatever is asked is known to: the
// estimates of how much an account holds use the size really served.
func TestThePageSizeServedIsLearned(t *testing.T) {
	t.Parallel()
	for _, sv := range apitest.Servers {
		t.Run(sv.Name, func(t *testing.T) {
			h := newHarness(t, sv.Of(demo.Options{Count: 321, PageSize: 50}), api.Config{})
			last, err := h.client.LastPage(context.Background(), api.Query{})
			if err != nil {
				t.Fatal(err)
			}
			if p := h.client.Profile(); last != 7 || p.PerPage != 50 {
				t.Errorf("last page %d, learned %d a page; want 7 and 50", last, p.PerPage)
			}
		})
	}
}

// A learned order over a server that lists newest first unless asked
// costs one request, once: the next walk asks order=asc from its first
// request, and so does a client taught what the first one learned.
func TestTheOrderIsLearnedOnceAndTaught(t *testing.T) {
	t.Parallel()
	h := newHarness(t, apitest.Servers[1].Of(demo.Options{Count: 250}), api.Config{})
	walk(t, h.client, api.Query{}, api.OldestFirst)
	if n := len(h.exchanges()); n != 5 {
		t.Errorf("the first walk took %d requests, want 5: page 1 as served, again with order=asc, then pages 2, 3 and the empty 4th", n)
	}
	taught := newHarness(t, apitest.Servers[1].Of(demo.Options{Count: 250}), api.Config{})
	taught.client.Teach(h.client.Profile())
	ids, _ := walk(t, taught.client, api.Query{}, api.OldestFirst)
	equalIDs(t, ids, taught.server.Match(demo.Filter{}))
	x := taught.exchanges()
	if len(x) != 4 || !strings.Contains(x[0].URL, "order=asc") {
		t.Errorf("a taught client took %d requests, the first %s", len(x), x[0].URL)
	}
}

// A server that refuses dates (400) but takes date-times is sent
// date-times, with no error for the user: the refusal is a lesson,
// remembered for the next range. An account of 1,000 holds two ranges of
// several pages, the second asked after the lesson.
func TestADateFormRefusedIsALesson(t *testing.T) {
	t.Parallel()
	oneAtATime(t, "the date form learned")
	srv := demo.New(demo.Options{Count: 1000, DateFilter: true})
	hs := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if v := r.URL.Query().Get("date_from"); v != "" && !strings.Contains(v, "T") {
			http.Error(w, `{"error":"date_from must be an ISO 8601 date-time"}`, http.StatusBadRequest)
			return
		}
		srv.ServeHTTP(w, r)
	}))
	defer hs.Close()
	c := hostileClient(t, hs.URL, api.Config{Username: demo.DefaultLogin, APIKey: demo.DefaultKey})
	dated := apitest.Dated(t, hs.URL)
	all := srv.Match(demo.Filter{})
	for _, span := range [][2]int{{330, 500}, {660, 730}} {
		r := api.DateRange{Since: dated[all[span[0]]], Until: dated[all[span[1]]]}
		if got := walkRange(t, c.RangeWalk(api.Query{}, r, 1)); len(got) != apitest.InRange(dated, r) {
			t.Errorf("%d donations of the %d in the range", len(got), apitest.InRange(dated, r))
		}
		if f := c.Profile().Dates; f != api.DatesInstant {
			t.Errorf("learned %v, want date-times", f)
		}
	}
}

// The day form is what the platform takes, and it is tried first.
func TestTheDayFormIsTriedFirst(t *testing.T) {
	t.Parallel()
	h := newHarness(t, apitest.Servers[1].Of(demo.Options{Count: 3000}), api.Config{})
	r := api.DateRange{Since: time.Date(2025, 3, 1, 0, 0, 0, 0, time.UTC), Until: time.Date(2025, 4, 1, 0, 0, 0, 0, time.UTC)}
	walkRange(t, h.client.RangeWalk(api.Query{}, r, 1))
	if f := h.client.Profile().Dates; f != api.DatesDay {
		t.Errorf("learned %v, want dates", f)
	}
	if i := slices.IndexFunc(h.exchanges(), func(x api.Exchange) bool { return x.Status != http.StatusOK }); i >= 0 {
		t.Errorf("refused: %s", h.exchanges()[i].URL)
	}
}

// A list that only descends, on a server without a date filter, has a
// range read newest first from page 1, stopping at the first page that
// ends before it: the range exactly, and not the pages after. The sizes
// are of pages of 100; the race pass (-short) asks for pages of 10
// (perPage) of a tenth as many gifts: the range lies on the same pages.
func TestARangeOfANewestOnlyListIsReadFromTheNewest(t *testing.T) {
	t.Parallel()
	per := perPage()
	h := newHarness(t, demo.Options{Count: onPages(5000, per), NewestOnly: true}, api.Config{})
	dated := apitest.Dated(t, h.http.URL)
	all := h.server.Match(demo.Filter{})
	r := api.DateRange{Since: dated[all[scaled(4200, per)]], Until: dated[all[scaled(4500, per)]]}
	before := h.server.Requests()
	w := h.client.RangeWalk(api.Query{PerPage: per}, r, 1)
	got := walkRange(t, w)
	if len(got) != apitest.InRange(dated, r) || len(w.Warnings()) > 0 {
		t.Errorf("%d donations of the %d in the range (%v)", len(got), apitest.InRange(dated, r), w.Warnings())
	}
	// Pages 1 to 9 hold the newest 9 pages' worth: the range ends on page
	// 8 or 9.
	if n := h.server.Requests() - before; n > 12 {
		t.Errorf("%d requests for a range within the newest %d donations", n, 9*per)
	}
}
