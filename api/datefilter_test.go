package api_test

import (
	"fmt"
	"io"
	"math"
	"net/http"
	"strings"
	"testing"
	"time"

	"donations/api"
	"donations/api/apitest"
	"donations/api/demo"
)

// inRange is the ids of all dated in r, in the list's order.
func inRange(t *testing.T, all []api.Donation, r api.DateRange) []int64 {
	t.Helper()
	var want []int64
	for _, d := range all {
		if r.Contains(dateOf(t, d)) {
			want = append(want, d.ID.Value)
		}
	}
	return want
}

// A month of 20,000 donations over three years is about 6 pages of 100
// (the race pass's 2,000, over pages of 10 (perPage), as many: the search
// bisects as many pages). A server that honours date_from and date_to
// gives it in those pages, the first walk paying two requests more: one to
// see that the answer is not the list's first page, one for the moment of
// that page's first gift, which a faithful filter gives back (the days
// around it, probe); one that ignores them
// costs the walk one request, and the client does not try again.
func TestRangeWalkAsksForTheRangeWhereTheServerHonoursDateFilters(t *testing.T) {
	t.Parallel()
	oneAtATime(t, "the requests of a range with and without a date filter")
	per := perPage()
	count := onPages(20_000, per)
	// Both servers list the same gifts: read once, by a client of its own.
	all := apitest.Every(t, newHarness(t, demo.Options{Count: count}, api.Config{}).client)
	for _, honoured := range []bool{true, false} {
		name := map[bool]string{true: "honoured", false: "ignored"}[honoured]
		t.Run(name, func(t *testing.T) {
			h := newHarness(t, demo.Options{Count: count, DateFilter: honoured}, api.Config{})
			day := func(y int, m time.Month, d int) time.Time { return time.Date(y, m, d, 0, 0, 0, 0, time.UTC) }
			// The days sent take in the month in any time zone: from the
			// day before to the day after (date_to exclusive).
			months := []struct{ r, sent api.DateRange }{
				{api.DateRange{Since: day(2025, 3, 1), Until: day(2025, 4, 1)}, api.DateRange{Since: day(2025, 2, 28), Until: day(2025, 4, 2)}},
				{api.DateRange{Since: day(2024, 7, 1), Until: day(2024, 8, 1)}, api.DateRange{Since: day(2024, 6, 30), Until: day(2024, 8, 2)}},
			}
			bisect := int(2*math.Log2(float64(count)/float64(per))) + 3
			for i, m := range months {
				r := m.r
				want := inRange(t, all, r)
				pages := len(inRange(t, all, m.sent))/per + 1
				before := h.server.Requests()
				w := h.client.RangeWalk(api.Query{PerPage: per}, r, 1)
				equalIDs(t, walkRange(t, w), want)
				n := h.server.Requests() - before
				if n != w.Requests() {
					t.Errorf("the walk counts %d requests, the server %d", w.Requests(), n)
				}
				var most int
				switch {
				case honoured && i == 0:
					most = pages + 2 // and the list's first page and the probe, once
				case honoured:
					most = pages
				case i == 0:
					most = 1 + bisect + pages // the try, once
				default:
					most = bisect + pages
				}
				if n > most {
					t.Errorf("month %d: %d requests for %d donations; at most %d", i, n, len(want), most)
				}
				if honoured && n < pages {
					t.Errorf("month %d: %d requests for %d pages", i, n, pages)
				}
				if !honoured && n <= pages+1 {
					t.Errorf("month %d: %d requests: the range was not searched for", i, n)
				}
				if h.client.DateFilterHonoured() != honoured {
					t.Errorf("DateFilterHonoured() = %v", !honoured)
				}
			}
			sent := 0
			first := dateOf(t, all[0])
			probe := fmt.Sprintf("date_from=%s&date_to=%s", first.Add(-12*time.Hour).UTC().Format(time.DateOnly),
				first.Add(time.Second+14*time.Hour-time.Nanosecond).UTC().AddDate(0, 0, 1).Format(time.DateOnly))
			for _, x := range h.exchanges() {
				if strings.Contains(x.URL, "date_from=") {
					sent++
					if !strings.Contains(x.URL, "date_from=2025-02-28&date_to=2025-04-02") && !strings.Contains(x.URL, "date_from=2024-06-30&date_to=2024-08-02") &&
						!(honoured && strings.Contains(x.URL, probe)) {
						t.Errorf("date_from as sent: %s", x.URL)
					}
				}
			}
			if !honoured && sent != 1 {
				t.Errorf("a server that ignores date filters was sent them %d times; once is enough", sent)
			}
		})
	}
}

// A range that takes in the list's start gets the same first page whether
// the server filters or not: nothing is learned, the walk searches the
// list, and it still gives exactly the range. So does a server that
// honours the filter with gifts out of date order in its list. The first
// account's sizes are of pages of 100; the race pass (-short) scales them
// to pages of 10 (perPage): the ranges lie on as many pages.
func TestRangeWalkDateFilterEdges(t *testing.T) {
	t.Parallel()
	per := perPage()
	q, at := api.Query{PerPage: per}, func(i int) int { return scaled(i, per) }
	h := newHarness(t, demo.Options{Count: onPages(3_000, per), DateFilter: true}, api.Config{})
	all := apitest.Every(t, h.client)
	r := api.DateRange{Until: dateOf(t, all[at(450)])}
	equalIDs(t, walkRange(t, h.client.RangeWalk(q, r, 1)), inRange(t, all, r))
	if h.client.DateFilterHonoured() {
		t.Error("a range from the list's start proved the filter honoured")
	}
	r = api.DateRange{Since: dateOf(t, all[at(1000)]), Until: dateOf(t, all[at(1300)])}
	equalIDs(t, walkRange(t, h.client.RangeWalk(q, r, 2)), inRange(t, all, r))
	if !h.client.DateFilterHonoured() {
		t.Error("the filter was not believed")
	}

	// Backdated gifts are one in twenty: this range holds two out of
	// order, in the race pass too, which keeps its size.
	b := newHarness(t, demo.Options{Count: 1234, DateFilter: true, Backdated: 0.05}, api.Config{})
	all = apitest.Every(t, b.client)
	r = api.DateRange{Since: dateOf(t, all[600]), Until: dateOf(t, all[700])}
	w := b.client.RangeWalk(api.Query{}, r, 1)
	equalIDs(t, walkRange(t, w), inRange(t, all, r))
	if len(w.Warnings()) > 0 {
		t.Errorf("warnings over a filtered answer: %v", w.Warnings())
	}
}

// A demo server that honours date filters refuses one it cannot read, and
// says which.
func TestDemoRefusesAnUnreadableDate(t *testing.T) {
	t.Parallel()
	h := newHarness(t, demo.Options{Count: 10, DateFilter: true}, api.Config{})
	req, err := http.NewRequest("GET", h.http.URL+api.DonationsPath+"?date_from=March", nil)
	if err != nil {
		t.Fatal(err)
	}
	req.SetBasicAuth(demo.DefaultLogin, demo.DefaultKey)
	res, err := h.http.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	if res.StatusCode != http.StatusBadRequest || !strings.Contains(string(body), "date_from") {
		t.Errorf("status %d: %s", res.StatusCode, body)
	}
}
