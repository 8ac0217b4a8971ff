package api_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"testing"
	"time"

	"donations/api"
	"donations/api/demo"
)

// drain runs w to its end under a generous guard and returns what it
// yielded; a walk past limit requests fails the test instead of looping.
func drain(t *testing.T, w api.Walker, requests func() int64, limit int64) []api.Donation {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	defer w.Close()
	var out []api.Donation
	for !w.Done() {
		b, err := w.Next(ctx)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, b.Donations...)
		if requests() > limit {
			t.Fatalf("the walk did not end: %d requests, %d donations yielded", requests(), len(out))
		}
	}
	return out
}

// A server that ignores `page` and sends records with no usable id ends
// every walk on its repeated page, each record yielded once.
func TestRepeatedPagesEndEveryWalkWhateverTheIDs(t *testing.T) {
	t.Parallel()
	pages := []struct{ name, body string }{
		{"an id that is not a number", `[{"id":"not-a-number","email":"a@example.org"}]`},
		{"no id", `[{"email":"a@example.org"},{"email":"b@example.org"}]`},
		{"null, fractional and boolean ids", `[{"id":null},{"id":1.5},{"id":true}]`},
		{"ids and no ids", `[{"id":7},{"id":"x"}]`},
	}
	dates := api.DateRange{Since: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)}
	walks := []struct {
		name string
		walk func(c *api.Client) api.Walker
	}{
		{"oldest first", func(c *api.Client) api.Walker { return c.Walk(api.Query{}, api.OldestFirst, api.DateRange{}, 1) }},
		{"oldest first, 4 at once", func(c *api.Client) api.Walker { return c.Walk(api.Query{}, api.OldestFirst, api.DateRange{}, 4) }},
		{"newest first", func(c *api.Client) api.Walker { return c.Walk(api.Query{}, api.NewestFirst, api.DateRange{}, 1) }},
		{"a date range", func(c *api.Client) api.Walker { return c.Walk(api.Query{}, api.OldestFirst, dates, 2) }},
	}
	for _, pg := range pages {
		for _, wk := range walks {
			t.Run(pg.name+"/"+wk.name, func(t *testing.T) {
				srv, n := hostileServer(t, func(w http.ResponseWriter, r *http.Request) { fmt.Fprint(w, pg.body) })
				got := drain(t, wk.walk(hostileClient(t, srv.URL, api.Config{})), n.Load, 50)
				var want []api.Donation
				if wk.name != "a date range" { // undated records are in no range
					want, _, _ = api.DecodePage([]byte(pg.body), 1)
				}
				if g, w := rawSorted(got), rawSorted(want); !slices.Equal(g, w) {
					t.Errorf("yielded %q, want each record once: %q", g, w)
				}
			})
		}
	}
}

// rawSorted is the records' bytes in sorted order: which order a walk
// yields records with no usable id in depends on how it reads the server's.
func rawSorted(list []api.Donation) []string {
	out := []string{}
	for _, d := range list {
		out = append(out, string(d.Raw))
	}
	slices.Sort(out)
	return out
}

// lyingMeta serves the demo wrapped ({"data": [...], "meta": {...}}) with
// its paging metadata rewritten by lie, which gets the page asked for.
func lyingMeta(t *testing.T, opts demo.Options, lie func(page int, meta map[string]any)) (*demo.Server, *httptest.Server) {
	t.Helper()
	opts.Wrap = true
	srv := demo.New(opts)
	hs := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rec := httptest.NewRecorder()
		srv.ServeHTTP(rec, r)
		var body map[string]any
		if rec.Code != http.StatusOK || json.Unmarshal(rec.Body.Bytes(), &body) != nil {
			w.WriteHeader(rec.Code)
			w.Write(rec.Body.Bytes())
			return
		}
		meta, _ := body["meta"].(map[string]any)
		page, _ := meta["page"].(float64)
		lie(int(page), meta)
		json.NewEncoder(w).Encode(body)
	}))
	t.Cleanup(hs.Close)
	return srv, hs
}

// Paging metadata is a hint: a full page means there may be more, whatever
// total, total_pages or has_more say, in every walk. The account ends on a
// full page of 100, ten pages in, and of 50, twenty in; the race pass's
// (-short) as many pages in, of 10 and of 5 (perPage): the walks go by
// pages, whatever they hold.
func TestLyingPagingMetadataStopsNoWalk(t *testing.T) {
	t.Parallel()
	per := perPage()
	count := onPages(1000, per)
	lies := []struct {
		name string
		lie  func(page int, meta map[string]any)
	}{
		{"total and total_pages at half the truth", func(_ int, m map[string]any) {
			m["total"], m["total_pages"] = m["total"].(float64)/2, m["total_pages"].(float64)/2
		}},
		{"has_more false on every page", func(_ int, m map[string]any) { m["has_more"] = false }},
		{"one page in all", func(_ int, m map[string]any) { m["total_pages"], m["total"] = 1, per }},
	}
	if testing.Short() {
		// Each lie is the same walks over other metadata: the race pass
		// (-short) runs them over the first.
		lies = lies[:1]
	}
	since := time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC)
	for _, l := range lies {
		t.Run(l.name, func(t *testing.T) {
			srv, hs := lyingMeta(t, demo.Options{Count: count}, l.lie)
			c := hostileClient(t, hs.URL, api.Config{Username: demo.DefaultLogin, APIKey: demo.DefaultKey})
			all := srv.Match(demo.Filter{})
			ids, _ := walk(t, c, api.Query{PerPage: per}, api.OldestFirst)
			equalIDs(t, ids, all)
			ids, _ = walkN(t, c, api.Query{PerPage: per}, api.NewestFirst, 3)
			equalIDs(t, ids, reversed(all))
			got := drain(t, c.Walk(api.Query{PerPage: per / 2}, api.OldestFirst, api.DateRange{Since: since}, 2), func() int64 { return int64(srv.Requests()) }, 1000)
			if len(got) != len(all) {
				t.Fatalf("a date range over every gift yielded %d of %d", len(got), len(all))
			}
		})
	}
}
