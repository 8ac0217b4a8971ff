package api_test

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"donations/api"
	"donations/api/demo"
)

// ignoring serves the demo as a server that ignores the filters would:
// every filter parameter is dropped before the demo reads the request.
func ignoring(t *testing.T, srv *demo.Server) *httptest.Server {
	t.Helper()
	hs := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query()
		for _, k := range []string{"id", "email", "first_name", "last_name"} {
			q.Del(k)
		}
		r.URL.RawQuery = q.Encode()
		srv.ServeHTTP(w, r)
	}))
	t.Cleanup(hs.Close)
	return hs
}

// Filters a server ignores are applied on the client: no row that cannot
// match is yielded, the walk says so and stops after the page that showed
// it, in either order, far short of the account's 20 pages; a server that
// applies them gets no such warning. The pages are of 100, and of 10 in
// the race pass (-short: perPage), as many of them: the walks go by
// pages, whatever they hold.
func TestFiltersTheServerIgnoresAreAppliedHere(t *testing.T) {
	t.Parallel()
	per := perPage()
	srv := demo.New(demo.Options{Count: onPages(2000, per)})
	all := apiEvery(t, srv)
	onPage3, first := all[scaled(250, per)], all[0]
	cases := []struct {
		name   string
		q      api.Query
		want   func(d api.Donation) bool
		filter string
	}{
		{"an id past the first page", api.Query{ID: onPage3.ID.Value}, func(d api.Donation) bool { return d.ID == onPage3.ID }, "id="},
		{"an id on the first page", api.Query{ID: first.ID.Value}, func(d api.Donation) bool { return d.ID == first.ID }, "id="},
		{"an e-mail in another case", api.Query{Email: strings.ToUpper(first.Email.Value)},
			func(d api.Donation) bool { return strings.EqualFold(d.Email.Value, first.Email.Value) }, "email="},
		{"a last name", api.Query{LastName: first.LastName.Value},
			func(d api.Donation) bool { return strings.Contains(d.LastName.Value, first.LastName.Value) }, "last_name="},
	}
	hs := ignoring(t, srv)
	// Counted as the client makes them: the server counted a read ahead
	// that the walk before had given up on when it came in late, and then
	// held it against this walk.
	var attempts atomic.Int64
	c := hostileClient(t, hs.URL, api.Config{Username: demo.DefaultLogin, APIKey: demo.DefaultKey,
		Trace: func(api.Exchange) { attempts.Add(1) }})
	for _, tc := range cases {
		tc.q.PerPage = per
		for _, order := range []api.Order{api.OldestFirst, api.NewestFirst} {
			t.Run(tc.name+"/"+order.String(), func(t *testing.T) {
				before := attempts.Load()
				got := drain(t, c.Walk(tc.q, order, api.DateRange{}, 2), func() int64 { return attempts.Load() - before }, 10)
				for _, d := range got {
					if !tc.want(d) {
						t.Errorf("yielded %s, which does not match", d.Raw)
					}
				}
				p := c.Pager(tc.q, order)
				drain(t, p, func() int64 { return 0 }, 1)
				if w := strings.Join(p.Warnings(), "\n"); !strings.Contains(w, "does not apply the filter "+tc.filter) {
					t.Errorf("warnings %q do not name the filter %s", w, tc.filter)
				}
			})
		}
	}
	honest := hostileClient(t, httptest.NewServer(srv).URL, api.Config{Username: demo.DefaultLogin, APIKey: demo.DefaultKey})
	q := api.Query{Email: strings.ToUpper(first.Email.Value), PerPage: per}
	ids, p := walk(t, honest, q, api.OldestFirst)
	equalIDs(t, ids, srv.Match(demo.Filter{Email: q.Email}))
	if len(p.Warnings()) > 0 {
		t.Errorf("a server that applies the filter: %q", p.Warnings())
	}
}

// apiEvery is every donation of srv, as a client reads them.
func apiEvery(t *testing.T, srv *demo.Server) []api.Donation {
	t.Helper()
	hs := httptest.NewServer(srv)
	t.Cleanup(hs.Close)
	c := hostileClient(t, hs.URL, api.Config{Username: demo.DefaultLogin, APIKey: demo.DefaultKey})
	return drain(t, c.Walk(api.Query{}, api.OldestFirst, api.DateRange{}, 1), func() int64 { return 0 }, 1)
}
