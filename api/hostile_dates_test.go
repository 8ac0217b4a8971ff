package api_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"donations/api"
	"donations/api/demo"
)

// shifted serves the demo with its date filter answering [from+by, to+by):
// a server that reads the dates asked for, in either form, in another time
// zone, or further off still.
func shifted(t *testing.T, srv *demo.Server, by time.Duration) *httptest.Server {
	t.Helper()
	hs := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query()
		for _, k := range []string{"date_from", "date_to"} {
			for _, layout := range []string{time.RFC3339Nano, time.DateOnly} {
				if at, err := time.Parse(layout, q.Get(k)); err == nil {
					q.Set(k, at.Add(by).Format(time.RFC3339Nano))
					break
				}
			}
		}
		r.URL.RawQuery = q.Encode()
		srv.ServeHTTP(w, r)
	}))
	t.Cleanup(hs.Close)
	return hs
}

// A date filter shifted by hours either way drops nothing: dates are sent
// with a day's margin for the server's time zone, and the walk keeps only
// the range. Shifted by days, the walk sees a row outside what it asked
// for, stops believing the filter and searches the range page by page,
// yielding each donation of it once. On a sparse account (300 gifts over
// the demo's years) no row may fall outside: there the moment of the
// list's first gift, asked for before the filter is believed, does not
// come back.
func TestShiftedDateFilterLosesNothing(t *testing.T) {
	t.Parallel()
	counts, shifts, widths := []int{sized(3000, 2000), 300}, []time.Duration{8 * time.Hour, -8 * time.Hour, 72 * time.Hour, -72 * time.Hour}, []int{1, 3}
	if testing.Short() {
		// Every shift is the same goroutines over other pages: the first
		// pass checks what each yields; the race pass (-short), which
		// needs each concurrent path run once, runs the one that probes,
		// stops believing the filter and searches, 3 pages at once.
		counts, shifts, widths = counts[:1], shifts[3:], widths[1:]
	}
	// A range of 120 days runs over 3 pages of the dense account.
	for _, count := range counts {
		srv := demo.New(demo.Options{Count: count, DateFilter: true})
		all := apiEvery(t, srv)
		// Starting at a gift, which the shifted filter leaves out, and
		// running over several pages, the first of them all in the range.
		since, _ := api.Time(all[count/2].DonationDate)
		r := api.DateRange{Since: since, Until: since.AddDate(0, 0, 120)}
		var want []int64
		for _, d := range all {
			if t, ok := api.Time(d.DonationDate); ok && r.Contains(t) {
				want = append(want, d.ID.Value)
			}
		}
		for _, by := range shifts {
			t.Run(fmt.Sprintf("%d gifts, %v", count, by), func(t *testing.T) {
				hs := shifted(t, srv, by)
				c := hostileClient(t, hs.URL, api.Config{Username: demo.DefaultLogin, APIKey: demo.DefaultKey})
				for _, n := range widths {
					w := c.Walk(api.Query{}, api.OldestFirst, r, n)
					var got []int64
					for _, d := range drain(t, w, func() int64 { return 0 }, 1) {
						got = append(got, d.ID.Value)
					}
					slices.Sort(got)
					if !slices.Equal(got, want) {
						t.Fatalf("%d at once: %d donations of the %d in the range", n, len(got), len(want))
					}
					// Where only the probe shows the shift, the walk says so
					// (a first answer with rows outside is also what a
					// server without the filter sends: that is no news).
					if count == 300 && by == -72*time.Hour && n == 1 && !strings.Contains(strings.Join(w.Warnings(), "\n"), "left out a donation dated in the range") {
						t.Errorf("no warning that the filter is not trusted: %q", w.Warnings())
					}
				}
			})
		}
	}
}
