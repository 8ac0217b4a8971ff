package api_test

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"donations/api"
	"donations/api/demo"
)

// readKind reads the whole list of a kind, as far as it goes: the records,
// the walk and the error it stopped on.
func readKind[T api.KindRecord](c *api.Client) ([]T, *api.KindPager[T], error) {
	p := api.NewKindPager[T](c, api.KindQuery{})
	var out []T
	for !p.Done() {
		b, err := p.Next(context.Background())
		if err != nil {
			return out, p, err
		}
		out = append(out, b.Records...)
	}
	return out, p, nil
}

// A server that fails a kind's request as it fails the donations' is
// ridden out the same way (429 with or without Retry-After, 5xx, a body
// cut off, an HTML page), or stops with the client's typed error, named
// by the kind, never holding the key.
func TestHostileKindFaults(t *testing.T) {
	t.Parallel()
	oneAtATime(t, "the faults of a kind ridden out or typed")
	want, _ := every[api.Plan](t, newHarness(t, box(demo.Options{Count: 700}), api.Config{}).client, api.KindQuery{})
	for _, tc := range []struct {
		name string
		opts demo.Options
		kind api.Kind // 0: every plan arrives
	}{
		{"429 with Retry-After", demo.Options{Script: []int{429, 429}}, 0},
		{"429 without Retry-After", demo.Options{Script: []int{429}, NoRetryAfter: true}, 0},
		{"429 with no header at all", demo.Options{Script: []int{demo.FaultBare429}}, 0},
		{"rate limited", demo.Options{RateLimit: 1, RateWindow: time.Second}, 0},
		{"5xx", demo.Options{Script: []int{500, 502, 503}}, 0},
		{"JSON cut off", demo.Options{Script: []int{demo.FaultTruncated}}, 0},
		{"connection cut", demo.Options{Script: []int{demo.FaultCut, demo.FaultReset}}, 0},
		{"401", demo.Options{Script: []int{http.StatusUnauthorized}}, api.KindAuth},
		{"HTML error pages", demo.Options{HTMLErrors: true, Script: []int{500, 500, 500, 500, 500, 500}}, api.KindServer},
		{"HTML with 200", demo.Options{Script: []int{0, demo.FaultHTML200}}, api.KindDecode},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tc.opts.Count = 700
			h := newHarness(t, box(tc.opts), api.Config{})
			got, p, err := readKind[api.Plan](h.client)
			if tc.kind == 0 {
				if err != nil || p.Partial() != nil || len(got) != len(want) {
					t.Fatalf("%d plans of %d, partial %v: %v", len(got), len(want), p.Partial(), err)
				}
				return
			}
			var e *api.Error
			if !errors.As(err, &e) || e.Kind != tc.kind || !strings.HasPrefix(err.Error(), "plans: ") {
				t.Fatalf("%v: want the client's %v error, named by the kind", err, tc.kind)
			}
			if strings.Contains(err.Error(), demo.DefaultKey) {
				t.Errorf("the error shows the key: %v", err)
			}
			if tc.kind == api.KindAuth && e.Hint() == "" {
				t.Error("a 401 on a kind gives no hint")
			}
		})
	}
}

// A server whose paging changes under a walk of a kind: a page size that
// changes is read whole; an order that changes from page to page, or a
// `page` ignored where the pages are short, cannot be, which the walk
// says (Partial, a warning naming the kind) rather than passing a part of
// the list off as the whole.
func TestHostileKindPaging(t *testing.T) {
	t.Parallel()
	oneAtATime(t, "the records of a kind whose paging changes")
	want, _ := every[api.Donor](t, newHarness(t, box(demo.Options{Count: 700}), api.Config{}).client, api.KindQuery{})
	for _, tc := range []struct {
		name    string
		opts    demo.Options
		partial string // the warning's words; "": read whole
	}{
		{"page size 50 then 25", demo.Options{PageSizes: []int{50, 25}}, ""},
		{"page size 25 then 50", demo.Options{PageSizes: []int{25, 50}}, ""},
		{"page size changes, wrapped", demo.Options{PageSizes: []int{50, 25}, Wrap: true}, ""},
		{"pages capped, repeated rows", demo.Options{MaxPerPage: 40, RepeatRows: 3}, ""},
		{"order turned after page 1", demo.Options{NewestUntil: 1}, "does not keep one order"},
		{"page 1 newest first, then oldest first", demo.Options{NewestPageOne: true}, "does not keep one order"},
		{"page ignored, short pages", demo.Options{IgnorePage: true, MaxPerPage: 30}, "ignore the page parameter"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tc.opts.Count = 700
			h := newHarness(t, box(tc.opts), api.Config{})
			got, p, err := readKind[api.Donor](h.client)
			if err != nil {
				t.Fatal(err)
			}
			ids := map[int64]bool{}
			for _, d := range got {
				if ids[d.ID.Value] {
					t.Fatalf("donor %d yielded twice", d.ID.Value)
				}
				ids[d.ID.Value] = true
			}
			if tc.partial == "" {
				if p.Partial() != nil || len(got) != len(want) {
					t.Fatalf("%d donors of %d, partial %v", len(got), len(want), p.Partial())
				}
				return
			}
			warned := strings.Join(p.Warnings(), "; ")
			if !errors.Is(p.Partial(), api.ErrPartial) || !strings.Contains(warned, tc.partial) || !strings.Contains(warned, "donors") {
				t.Errorf("%d donors of %d, partial %v, warned %q: want the walk partial, saying %q of the donors",
					len(got), len(want), p.Partial(), warned, tc.partial)
			}
		})
	}
}
