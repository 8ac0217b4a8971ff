package ui

import (
	"strings"
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

// With --demo's wiring on an account of 10,000 (a first sync of some 115
// requests, newest first), a question over a month two years back is
// loaded first: the header says so while it is, and the browser shows the
// month whole, its partial label gone and its numbers the account's, while
// the sync still runs, well before it has walked back to the month. With
// a server that honours date filters, and one that does not.
func TestTheQuestionsMonthIsLoadedFirst(t *testing.T) {
	skipShort(t)
	for _, filter := range []bool{true, false} {
		t.Run(map[bool]string{true: "date filter", false: "no date filter"}[filter], func(t *testing.T) {
			// The same data served at once, to read what the answers must be.
			all := apitest.Every(t, demoClient(t, demo.New(demo.Options{Count: 10_000})))
			srv := demo.New(demo.Options{Count: 10_000, DateFilter: filter, Latency: 100 * time.Millisecond})
			c := demoClient(t, srv)
			mem, err := store.Memory(t.Context())
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { mem.Close() })
			now := time.Date(2026, 11, 22, 9, 30, 0, 0, time.UTC)
			q, errs := ask.Read(ask.Texts{"dates": "2024-07-01..2024-07-31"}, now)
			if errs != nil {
				t.Fatal(errs)
			}
			want := wholeSums(t, all, q)
			base := srv.Requests()
			// The real clock: a running sync refreshes the answer once a second of it.
			m := New(FromClient(c), Options{Account: "demo", Location: time.UTC,
				Question: q, Store: mem, Sync: StoreSyncer(dataset.Hold(mem), c, dataset.SyncOptions{Concurrency: 4})})
			d := &driver{t: t, m: m, msgs: make(chan tea.Msg, 1024)}
			d.run(m.Init())
			_, cmd := m.Update(tea.WindowSizeMsg{Width: 160, Height: 30})
			d.run(cmd)
			said := false
			d.until(func() bool {
				said = said || strings.Contains(d.screen(), " · 2024-07 first")
				return m.data.partial() == "" && !m.data.shown.asking && !m.data.shown.sumsBusy
			})
			n, running := srv.Requests()-base, m.data.sync.running
			t.Logf("the month shown whole after %d requests", n)
			if !said {
				t.Error("the header never said the month was loaded first")
			}
			// A walk back reaches the month's last gift after the search for
			// the last page (14 requests here) and the pages after it.
			after := 0
			for i := range all {
				if at, _ := api.Time(all[i].DonationDate); !at.Before(q.Filter.Dates.Until) {
					after = len(all) - i
					break
				}
			}
			if reach := 14 + after/100; !running || n >= reach {
				t.Errorf("the month was shown whole after %d requests (the sync running: %v); walking back reaches it after %d", n, running, reach)
			}
			if m.data.Len() != want.count || m.data.shown.sums.Count != want.count || m.data.shown.sums.Converted["USD"].Compare(want.usd) != 0 {
				t.Errorf("the month shows %d rows, the footer %d and USD %s; the account has %d and %s",
					m.data.Len(), m.data.shown.sums.Count, m.data.shown.sums.Converted["USD"], want.count, want.usd)
			}
			d.settle()
			if got, err := mem.Holds(t.Context(), api.DateRange{}); err != nil || !got.Complete || got.All != len(all) {
				t.Errorf("after the sync the store holds %+v (%v) of %d", got, err, len(all))
			}
		})
	}
}
