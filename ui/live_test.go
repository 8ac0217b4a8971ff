package ui

import (
	"context"
	"errors"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"donations/api"
	"donations/api/apitest"
	"donations/api/demo"
	"donations/ask"
	"donations/dataset"
	"donations/store"
	"donations/textsafe"
	"donations/ui/uictx"
	"donations/ui/views/live"
)

func liveWith(c *api.Client) LiveOptions {
	return LiveOptions{
		Sync: func(ctx context.Context, st dataset.Local, q api.Query, from int) (dataset.SyncResult, error) {
			return st.Sync(ctx, c, dataset.SyncOptions{From: from, Query: q})
		},
		LastPage: c.LastPage, Budget: c.Budget,
	}
}

// liveAccount is a demo account of count gifts in shape sh, its client,
// and a store of its own for the profile's.
func liveAccount(t *testing.T, sh apitest.Shape, count int) (*demo.Server, *api.Client, *store.Store) {
	t.Helper()
	srv := demo.New(sh.Of(demo.Options{Count: count, Now: apitest.Since(demo.End)}))
	st, err := store.Memory(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return srv, demoClient(t, srv), st
}

// Live, without a store of the profile's: it starts from the newest page,
// and a check after new gifts arrive shows them, newest first, with their
// total, in a few requests; in both shapes the demo serves.
func TestLiveShowsNewGifts(t *testing.T) {
	t.Parallel()
	for _, sh := range apitest.RacedShapes() {
		t.Run(sh.Name, func(t *testing.T) {
			// Pages enough (5, or Donorbox's 10; Donorbox's 5 in the race
			// run) that reading them all again would pass the bound on a
			// check's requests.
			srv, c, _ := liveAccount(t, sh, apitest.Sized(500, 250))
			d := newDriverWith(t, FromClient(c), Options{Live: liveWith(c)}, 120, 35)
			d.keys("L")
			v := d.m.children[live.ID].(*live.View)
			if d.m.focus != live.ID || v.Baseline() == 0 || v.Err() != nil {
				t.Fatalf("focus %v, baseline %d, err %v", d.m.focus, v.Baseline(), v.Err())
			}
			d.mustShow("● Live since 09:30 · 0 new", "before Live")
			added := srv.Add(3)
			newest := slices.Max(added)
			before := srv.Requests()
			d.send(v.Tick())
			fresh, sums := v.Fresh(), v.Sums()
			if len(fresh) != 3 || fresh[0].Summary.ID.Value != newest || sums.Count != 3 {
				t.Fatalf("after 3 new gifts: %d fresh (first %v), count %d, err %v", len(fresh), fresh, sums.Count, v.Err())
			}
			if n := srv.Requests() - before; n > 3 {
				t.Errorf("a check took %d requests", n)
			}
			d.mustShow("3 new · raised ≈ USD " + uictx.Grouped(sums.ConvCount["USD"].String()))
			every := apitest.Every(t, c)
			var addedGifts []api.Donation
			for _, g := range every {
				if slices.Contains(added, g.ID.Value) {
					addedGifts = append(addedGifts, g)
				}
			}
			paid, _ := ask.Read(ask.Texts{"status": "paid"}, d.m.ctx.Now())
			if paidOnly := wholeSums(t, wholeStore(t, addedGifts), paid); sums.ConvCount["USD"].Compare(paidOnly.usd) != 0 {
				t.Errorf("Live says %s raised; the new paid gifts add up to %s", sums.ConvCount["USD"], paidOnly.usd)
			}
			liveColumnsLineUp(t, d.screen())
			d.keys("esc")
			if d.m.focus != listID || d.m.data.At(0).Summary.ID.Value != newest {
				t.Errorf("after Live the list starts with %d, want the newest %d", d.m.data.At(0).Summary.ID.Value, newest)
			}
			// The header counts the gifts Live brought once, with the rest.
			d.mustShow(textsafe.Count(len(every), "donation"))
			d.mustNotShow("of "+uictx.Commas(len(every)-len(added)), "of "+uictx.Commas(len(every)))
		})
	}
}

// With the profile's synced store, Live syncs it from where it ends, and
// the list shows what it brought once Live is left; in both shapes the
// demo serves.
func TestLiveOnASyncedStore(t *testing.T) {
	t.Parallel()
	for _, sh := range apitest.RacedShapes() {
		t.Run(sh.Name, func(t *testing.T) {
			// Live syncs from the store's end whatever its size: three
			// pages in the race run.
			srv, c, st := liveAccount(t, sh, apitest.Sized(900, 300))
			d := newDriverWith(t, FromClient(c), Options{Store: dataset.Hold(st), Sync: syncWith(st, c), Live: liveWith(c)}, 120, 35)
			d.settle()
			d.keys("L")
			v := d.m.children[live.ID].(*live.View)
			added := srv.Add(2)
			d.send(v.Tick())
			if fresh := v.Fresh(); len(fresh) != 2 || fresh[0].Summary.ID.Value != slices.Max(added) {
				t.Fatalf("%d fresh, err %v", len(fresh), v.Err())
			}
			// The list reads the store again on the way out: Live's syncs
			// stored what it shows, and no background sync said so.
			d.keys("esc")
			if got := d.m.data.At(0).Summary.ID.Value; d.m.focus != listID || got != slices.Max(added) {
				t.Errorf("after Live the list starts with %d, want the newest %d", got, slices.Max(added))
			}
		})
	}
}

// liveColumnsLineUp checks that the new gifts (★) and those from before
// put their amounts under the title AMOUNT, ending in the same column.
func liveColumnsLineUp(t *testing.T, screen string) {
	t.Helper()
	end := -1
	for _, l := range lines(screen) {
		if i := strings.Index(l, "AMOUNT"); i >= 0 && end < 0 {
			end = textsafe.Width(l[:i]) + len("AMOUNT")
			continue
		}
		if end < 0 || !strings.Contains(l, "@") {
			continue
		}
		if last, next := cellAt(l, end-1), cellAt(l, end); !strings.ContainsRune("0123456789", last) || next != ' ' {
			t.Errorf("the amount does not end under AMOUNT (cell %d):\n%s", end, l)
		}
	}
}

// cellAt is the character drawn at a cell of a line, as the terminal counts
// cells.
func cellAt(line string, cell int) rune {
	at := 0
	for _, r := range line {
		if at == cell {
			return r
		}
		at += textsafe.Width(string(r))
	}
	return 0
}

// Live shows the newest first; Esc gives the list its sort back, or by
// date leaves it newest first, with what Live brought on top.
func TestLiveGivesTheOrderBack(t *testing.T) {
	t.Parallel()
	// Live from the API and over a store are other goroutines; oldest
	// first is the same Live and another label: the race run (-short)
	// leaves the list by amount.
	for _, tc := range apitest.Raced([]struct {
		name  string
		keys  []string
		store bool
		want  string
	}{
		{"by amount, from the API", []string{"s", "a"}, false, "by amount ↓"},
		{"oldest first, from the API", nil, false, "newest first"},
		{"by amount, a store", []string{"s", "a"}, true, "by amount ↓"},
		{"oldest first, a store", nil, true, "newest first"},
	}, 0, 2) {
		t.Run(tc.name, func(t *testing.T) {
			// The order given back is a label, the same over one page (the
			// race run) as over three.
			_, c, st := storeAccount(t, apitest.Sized(300, 100))
			opt := Options{Live: liveWith(c)}
			if tc.store {
				opt.Store, opt.Sync = dataset.Hold(st), syncWith(st, c)
			}
			d := newDriverWith(t, FromClient(c), opt, 120, 35)
			d.settle()
			d.keys(tc.keys...)
			before := d.m.data.sortLabel()
			d.keys("L")
			if d.m.data.sortLabel() != "newest first" {
				t.Fatalf("Live shows %s, not the newest first", d.m.data.sortLabel())
			}
			d.keys("esc")
			if got := d.m.data.sortLabel(); got != tc.want || tc.keys != nil && got != before {
				t.Errorf("after Live the list is %s; it was %s, want %s", got, before, tc.want)
			}
			d.mustShow(tc.want)
		})
	}
}

// Esc leaves Live and ends the check under way, whose sync would otherwise
// go on making requests in the background; Live opened again checks anew.
func TestLeavingLiveEndsItsCheck(t *testing.T) {
	t.Parallel()
	_, c, st := storeAccount(t, 300)
	var block atomic.Bool
	started, ended := make(chan struct{}, 1), make(chan error, 1)
	opt := Options{Store: dataset.Hold(st), Sync: syncWith(st, c), Live: liveWith(c)}
	inner := opt.Live.Sync
	opt.Live.Sync = func(ctx context.Context, s dataset.Local, q api.Query, from int) (dataset.SyncResult, error) {
		if !block.Load() {
			return inner(ctx, s, q, from)
		}
		started <- struct{}{}
		<-ctx.Done()
		ended <- ctx.Err()
		return dataset.SyncResult{}, ctx.Err()
	}
	d := newDriverWith(t, FromClient(c), opt, 120, 35)
	d.settle()
	d.keys("L")
	block.Store(true)
	lv := d.m.children[live.ID].(*live.View)
	_, cmd := d.m.Update(lv.Tick())
	d.run(cmd)
	select {
	case <-started:
	case <-time.After(30 * time.Second):
		t.Fatal("the check did not start")
	}
	d.keys("esc")
	select {
	case err := <-ended:
		if !errors.Is(err, context.Canceled) {
			t.Errorf("the check ended with %v, want it cancelled", err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("leaving Live left its check running")
	}
	block.Store(false)
	d.keys("L")
	d.mustShow("Live since")
	if lv.Busy(true) || lv.Err() != nil {
		t.Errorf("Live opened again: busy %v, error %v", lv.Busy(true), lv.Err())
	}
}
