package api_test

import (
	"context"
	"fmt"
	"testing"

	"donations/api"
	"donations/api/apitest"
	"donations/api/demo"
)

// Page 2 that repeats page 1 comes from a server that ignores `page`, or
// from a list of one page that its server repeats past the end: only the
// first is warned of, by the walk and by the search for the last page
// alike, a server that serves fewer than asked among them. Where the
// server also ignores per_page, or pages of one leave no half to ask
// for, nothing tells them apart: a full page 1 is warned of, a short one
// taken for the end. The sizes are of pages of 100; the race pass
// (-short) scales every one of them to pages of 10 (perPage): each case
// keeps its pages, and how much shorter than asked they are.
func TestOnlyAServerThatIgnoresPageIsWarnedOf(t *testing.T) {
	t.Parallel()
	oneAtATime(t, "which servers are warned of")
	per := perPage()
	cases := []struct {
		name  string
		opts  demo.Options
		per   int // per_page asked; 0: the default
		first int // donations on page 1, all the walk reads
		warn  bool
	}{
		{"one full page repeated past the end", demo.Options{Count: 100, PastEnd: "last"}, 0, 100, false},
		{"one full page, then empty", demo.Options{Count: 100}, 0, 100, false},
		{"a short page repeated past the end", demo.Options{Count: 37, PastEnd: "last"}, 0, 37, false},
		{"page ignored", demo.Options{Count: 1000, IgnorePage: true}, 0, 100, true},
		{"page ignored, a short list", demo.Options{Count: 37, IgnorePage: true}, 0, 37, true},
		{"page ignored, pages capped below per_page", demo.Options{Count: 1000, IgnorePage: true, MaxPerPage: 50}, 0, 50, true},
		{"page and per_page ignored, pages shorter than asked", demo.Options{Count: 1000, IgnorePage: true, PageSize: 50}, 0, 50, false},
		{"page and per_page ignored", demo.Options{Count: 1000, IgnorePage: true, PageSize: 100}, 0, 100, true},
		{"one full page repeated past the end, per_page ignored", demo.Options{Count: 100, PastEnd: "last", PageSize: 100}, 0, 100, true},
		{"page ignored, pages of one", demo.Options{Count: 1000, IgnorePage: true}, 1, 1, true},
		{"one page of one repeated past the end", demo.Options{Count: 1, PastEnd: "last"}, 1, 1, true},
	}
	for _, sv := range apitest.Servers {
		for _, tc := range cases {
			tc.opts.Count, tc.opts.MaxPerPage, tc.opts.PageSize = scaled(tc.opts.Count, per), scaled(tc.opts.MaxPerPage, per), scaled(tc.opts.PageSize, per)
			tc.first = scaled(tc.first, per)
			if tc.per == 0 {
				tc.per = per // 100 is the default: the same request
			}
			for _, order := range []api.Order{api.OldestFirst, api.NewestFirst} {
				t.Run(fmt.Sprintf("%s/%s/%s", sv.Name, tc.name, order), func(t *testing.T) {
					h := newHarness(t, sv.Of(tc.opts), api.Config{})
					ids, p := walk(t, h.client, api.Query{PerPage: tc.per}, order)
					if len(ids) != tc.first {
						t.Errorf("walked %d donations, want the first page's %d", len(ids), tc.first)
					}
					if warned := len(p.Warnings()) > 0; warned != tc.warn {
						t.Errorf("warnings %q, want a warning: %v", p.Warnings(), tc.warn)
					}
				})
			}
			t.Run(fmt.Sprintf("%s/%s/last", sv.Name, tc.name), func(t *testing.T) {
				h := newHarness(t, sv.Of(tc.opts), api.Config{})
				p := h.client.Pager(api.Query{PerPage: tc.per}, api.NewestFirst)
				defer p.Close()
				if last, err := p.Last(context.Background()); err != nil || last != 1 {
					t.Fatalf("last page %d (%v), want 1", last, err)
				}
				if warned := len(p.Warnings()) > 0; warned != tc.warn {
					t.Errorf("warnings %q, want a warning: %v", p.Warnings(), tc.warn)
				}
			})
		}
	}
}
