package ui

import (
	"math/bits"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"donations/api"
	"donations/api/apitest"
	"donations/api/demo"
	"donations/ask"
	"donations/dataset"
	"donations/store"
)

// With --demo's wiring on an account of wantFirstCount, a question over a
// month two years back is loaded first: the header says so while it is, and the browser shows the month whole, its
// partial label gone and its numbers the account's, while the sync still
// runs, well before it has walked back to the month. With a server that
// honours date filters, and one that does not, in either shape. The sync
// goes a step (a report of pages stored) at a time, and the clock a second
// with each, so that the browser counts after every step: what it shows
// after how many requests does not hang on the machine's load.
// The cases share nothing but the account's gifts (the same with a date
// filter or without), read and added up once per shape.
func TestTheQuestionsMonthIsLoadedFirst(t *testing.T) {
	skipShort(t)
	t.Parallel()
	start := time.Date(2026, 11, 22, 9, 30, 0, 0, time.UTC)
	q, errs := ask.Read(ask.Texts{"dates": "2024-07-01..2024-07-31"}, start)
	if errs != nil {
		t.Fatal(errs)
	}
	for _, sh := range apitest.RacedShapes() {
		t.Run(sh.Name, func(t *testing.T) {
			t.Parallel()
			all := apitest.Every(t, demoClient(t, demo.New(sh.Of(demo.Options{Count: wantFirstCount}))))
			want := wholeSums(t, wholeStore(t, near(all, q.Filter.Dates)), q) // what the answers must be
			if want.count == 0 {
				t.Fatal("no gift in the month: the test tests nothing")
			}
			for _, filter := range []bool{true, false} {
				t.Run(map[bool]string{true: "date filter", false: "no date filter"}[filter], func(t *testing.T) {
					t.Parallel()
					theQuestionsMonthIsLoadedFirst(t, sh, filter, start, q, all, want)
				})
			}
		})
	}
}

// wantFirstCount is an account of 60 pages: walking back to the month
// takes some 45 requests newest first and 60 oldest first, while the month
// loaded first is shown whole after about 30 whatever the shape and
// filter. At half this size the walk back reaches the month as soon, and
// the test could no longer tell the month loaded first from the walk.
const wantFirstCount = 6000

func theQuestionsMonthIsLoadedFirst(t *testing.T, sh apitest.Shape, filter bool, start time.Time, q ask.Question, all []api.Donation, want sums) {
	srv := demo.New(sh.Of(demo.Options{Count: wantFirstCount, DateFilter: filter}))
	c := demoClient(t, srv)
	mem, err := store.Memory(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { mem.Close() })
	var seconds atomic.Int64
	next := make(chan struct{}, 1)
	stepped := StoreSyncer(dataset.Hold(mem), c, dataset.SyncOptions{Concurrency: 4, OnProgress: func(dataset.Progress) { <-next }})
	free := sync.OnceFunc(func() { close(next) })
	t.Cleanup(free) // a test that fails lets the sync end before the store closes
	base := srv.Requests()
	m := New(FromClient(c), Options{Account: "demo", Location: time.UTC, Question: q, Store: dataset.Hold(mem), Sync: stepped,
		Now: func() time.Time { return start.Add(time.Duration(seconds.Load()) * time.Second) }})
	d := &driver{t: t, m: m, msgs: make(chan tea.Msg, 1024)}
	d.run(m.Init())
	_, cmd := m.Update(tea.WindowSizeMsg{Width: 160, Height: 30})
	d.run(cmd)
	said := false
	for waiting := false; m.data.sync.running; {
		said = said || strings.Contains(d.screen(), " · 2024-07 first")
		if waiting && !m.data.shown.Busy() {
			// The step is counted and shown: go on unless it was the month's.
			if m.data.partial() == "" {
				break
			}
			waiting = false
			seconds.Add(1)
			next <- struct{}{}
		}
		msg := d.next()
		d.handle(msg)
		if p, ok := msg.(syncProgressMsg); ok && p.e.Status == nil && !p.e.Done {
			waiting = true
		}
	}
	n, running := srv.Requests()-base, m.data.sync.running
	free()
	t.Logf("the month shown whole after %d requests", n)
	if !said {
		t.Error("the header never said the month was loaded first")
	}
	if reach := walkBack(all, q.Filter.Dates.Until, sh); !running || n >= reach {
		t.Errorf("the month was shown whole after %d requests (the sync running: %v); walking back reaches it after %d", n, running, reach)
	}
	if m.data.Len() != want.count || m.data.sums().Count != want.count || m.data.sums().Converted["USD"].Compare(want.usd) != 0 {
		t.Errorf("the month shows %d rows, the footer %d and USD %s; the account has %d and %s",
			m.data.Len(), m.data.sums().Count, m.data.sums().Converted["USD"], want.count, want.usd)
	}
	d.settle()
	if got, err := mem.Holds(t.Context(), api.DateRange{}); err != nil || !got.Complete || got.All != len(all) {
		t.Errorf("after the sync the store holds %+v (%v) of %d", got, err, len(all))
	}
}

// near is the gifts of all dated within two days of r, or with a date
// api.Time cannot read: the store's filter, not this one, says which of
// them r holds, and no time zone moves a gift by two days.
func near(all []api.Donation, r api.DateRange) []api.Donation {
	const margin = 48 * time.Hour
	var kept []api.Donation
	for _, d := range all {
		if at, ok := api.Time(d.DonationDate); !ok || !at.Before(r.Since.Add(-margin)) && at.Before(r.Until.Add(margin)) {
			kept = append(kept, d)
		}
	}
	return kept
}

// walkBack is how many requests a sync walking back from the newest gift
// takes to reach the last one before until: on a server that lists the
// oldest first, the search for the last page (doubling past it, then
// halving back to it), then the pages after it, of 100 (per_page=100,
// which both shapes serve).
func walkBack(all []api.Donation, until time.Time, sh apitest.Shape) int {
	const per = 100
	after := 0
	for i := range all {
		if at, _ := api.Time(all[i].DonationDate); !at.Before(until) {
			after = len(all) - i
			break
		}
	}
	if sh.NewestFirst {
		return after / per
	}
	return 2*bits.Len(uint((len(all)+per-1)/per)) + after/per
}
