package dataset_test

import (
	"context"
	"errors"
	"slices"
	"strconv"
	"testing"
	"time"

	"donations/api"
	"donations/api/apitest"
	"donations/api/demo"
	"donations/ask"
	"donations/dataset"
	"donations/query"
	"donations/report"
	"donations/store"
)

// question reads texts as the browser and the flags do.
func question(t testing.TB, texts ask.Texts) ask.Question {
	t.Helper()
	q, errs := ask.Read(texts, demo.End)
	if err := errs.Err(); err != nil {
		t.Fatal(err)
	}
	return q
}

// answer asks r, failing t on an error, and checks the generation came back.
func answer(t testing.TB, r dataset.AnswerRequest) dataset.Snapshot {
	t.Helper()
	snap, _ := reading(t, r)
	return snap
}

// reading is answer with the reading that goes on from it.
func reading(t testing.TB, r dataset.AnswerRequest) (dataset.Snapshot, *dataset.Reading) {
	t.Helper()
	snap, rd, err := dataset.Answer(context.Background(), r)
	if err != nil {
		t.Fatal(err)
	}
	if snap.Gen != r.Gen {
		t.Fatalf("asked as generation %d, answered as %d", r.Gen, snap.Gen)
	}
	if rd.Gen() != r.Gen {
		t.Fatalf("asked as generation %d, the reading goes on as %d", r.Gen, rd.Gen())
	}
	return snap, rd
}

// rowIDs are the ids of a snapshot's rows.
func rowIDs(rows []dataset.Row) []int64 {
	var out []int64
	for _, r := range rows {
		out = append(out, r.ID.Value)
	}
	return out
}

// eachShape runs f over a demo account of n donations in each of the
// demo's shapes, with a store on disk not yet synced, or holding what a
// first sync stores (the test's copy of one shared).
func eachShape(t *testing.T, n int, synced bool, f func(t *testing.T, srv *demo.Running, c *api.Client, s *store.Store)) {
	for _, sh := range apitest.RacedShapes() {
		t.Run(sh.Name, func(t *testing.T) {
			t.Parallel()
			opts := sh.Of(demo.Options{Count: n})
			if synced {
				srv, s, _ := syncedCopy(t, opts)
				f(t, srv, client(t, srv.URL), s)
				return
			}
			srv := server(t, opts)
			s, _ := tempStore(t)
			f(t, srv, client(t, srv.URL), s)
		})
	}
}

// A synced store answers any question but a campaign's, whole: the count,
// a window at either end, and sums whose counted and left-out parts make
// up every donation.
func TestAnswerFromASyncedStoreIsWhole(t *testing.T) {
	t.Parallel()
	eachShape(t, 700, true, func(t *testing.T, srv *demo.Running, c *api.Client, s *store.Store) {
		all := srv.Match(demo.Filter{})
		snap, rd := reading(t, dataset.AnswerRequest{Question: question(t, nil), Window: dataset.Window{Limit: 10},
			Gen: 7, Store: s})
		if snap.From != dataset.FromStore || !snap.Whole || snap.Count != len(all) || snap.AtLeast {
			t.Fatalf("from %v, whole %v, %d of %d (at least %v)", snap.From, snap.Whole, snap.Count, len(all), snap.AtLeast)
		}
		if got := rowIDs(snap.Rows); !slices.Equal(got, all[:10]) {
			t.Errorf("the first window is %v, want %v", got, all[:10])
		}
		// Past the middle the window is read from the other end, and ends
		// with the list.
		last := answer(t, dataset.AnswerRequest{Question: question(t, nil), Window: dataset.Window{Offset: len(all) - 4, Limit: 10}, Store: s})
		if got := rowIDs(last.Rows); !slices.Equal(got, all[len(all)-4:]) || last.Offset != len(all)-4 {
			t.Errorf("the last window from %d is %v, want %v", last.Offset, got, all[len(all)-4:])
		}
		sumsAddUp(t, s, snap, rd)
	})
}

// sumsAddUp fails unless the sums rd goes on to read, by the rule they
// carry, count what the store counts of the paid gifts, and leave out
// the rest of snap's.
func sumsAddUp(t *testing.T, s *store.Store, snap dataset.Snapshot, rd *dataset.Reading) {
	t.Helper()
	ctx := context.Background()
	paid, err := s.Count(ctx, query.Query{Filter: query.Filter{Statuses: store.PaidStatuses}})
	if err != nil {
		t.Fatal(err)
	}
	sums, err := rd.Sums(ctx)
	if err != nil {
		t.Fatal(err)
	}
	counted, left := 0, 0
	for _, g := range sums.Groups {
		if report.Counts(g.Key[0], sums.Rule) {
			counted += g.Count
		} else {
			left += g.Count
		}
	}
	if counted != paid || paid+left != snap.Count || paid == 0 || left == 0 {
		t.Errorf("the sums count %d and leave out %d; the store holds %d paid of %d", counted, left, paid, snap.Count)
	}
}

// A first sync cut short answers over what it holds: partial over the
// whole account, with what it holds and about how many the server lists;
// whole over the month before the newest gift, which it read first. Ten
// pages show it as well as more would: the cut after two lands well
// before the end, with that month read.
func TestAnswerFromAHalfSyncedStoreSaysWhatItHolds(t *testing.T) {
	t.Parallel()
	eachShape(t, 1000, false, func(t *testing.T, srv *demo.Running, c *api.Client, s *store.Store) {
		cutShort(t, s, c, dataset.SyncOptions{Concurrency: 1}, 2)
		all, held := srv.Match(demo.Filter{}), ids(t, s)
		snap := answer(t, dataset.AnswerRequest{Question: question(t, nil), Store: s})
		h := snap.Held
		if snap.From != dataset.FromStore || snap.Whole || snap.Count != len(held) || h.Count != len(held) || h.All != len(held) {
			t.Fatalf("from %v, whole %v, counted %d, holds %+v; the store holds %d", snap.From, snap.Whole, snap.Count, h, len(held))
		}
		if h.About < len(all) || h.About >= len(all)+api.MaxPerPage || h.Missing() == 0 {
			t.Errorf("about %d of the server's %d", h.About, len(all))
		}
		newest := snap.Count - 1
		top := answer(t, dataset.AnswerRequest{Question: question(t, nil), Window: dataset.Window{Offset: newest, Limit: 1}, Store: s})
		at, _ := api.Time(top.Rows[0].Date)
		month := question(t, ask.Texts{"dates": at.AddDate(0, -1, 0).Format("2006-01-02") + ".."})
		snap = answer(t, dataset.AnswerRequest{Question: month, Store: s})
		if want := apitest.InRange(apitest.Dated(t, srv.URL), month.Filter.Dates); !snap.Whole || snap.Count != want {
			t.Errorf("the month before the newest gift: whole %v, %d of %d", snap.Whole, snap.Count, want)
		}
	})
}

// A campaign is not what the store is synced by: its question goes to a
// scratch walk, which answers partial until it has read its last page.
func TestAnswerACampaignFromAScratchWalk(t *testing.T) {
	t.Parallel()
	eachShape(t, 700, true, func(t *testing.T, srv *demo.Running, c *api.Client, s *store.Store) {
		id := demo.Campaigns[3].ID // records of the spec's shape do not say their campaign: the server knows
		want := srv.Match(demo.Filter{CampaignID: id})
		q := question(t, ask.Texts{"campaign_id": strconv.FormatInt(id, 10)})
		r := dataset.AnswerRequest{Question: q, Window: dataset.Window{Limit: len(want) + 1}, Store: s}
		if snap := answer(t, r); snap.From != dataset.FromScratch || snap.Whole || snap.Count != 0 || snap.Held.All != 0 {
			t.Fatalf("no walk yet: from %v, whole %v, %d (%+v)", snap.From, snap.Whole, snap.Count, snap.Held)
		}
		walked := q.Query
		walked.PerPage = 20 // pages enough to see it part-way
		sc, err := dataset.NewScratch(context.Background(), c, walked, api.OldestFirst, q.Filter.Dates)
		if err != nil {
			t.Fatal(err)
		}
		defer sc.Close()
		r.Scratch = sc
		step := next(t, sc)
		if snap := answer(t, r); step.Done || len(want) <= step.New || snap.Whole || snap.Count != step.New || snap.Held.All != step.New {
			t.Errorf("a page in (done %v, %d of %d): whole %v, %d, holds %+v, the page brought %d", step.Done, step.New, len(want), snap.Whole, snap.Count, snap.Held, step.New)
		}
		for !step.Done {
			step = next(t, sc)
		}
		snap := answer(t, r)
		if snap.From != dataset.FromScratch || !snap.Whole || !slices.Equal(rowIDs(snap.Rows), want) {
			t.Errorf("every page in: from %v, whole %v, %v, want %v", snap.From, snap.Whole, rowIDs(snap.Rows), want)
		}
	})
}

func next(t *testing.T, sc *dataset.Scratch) dataset.Step {
	t.Helper()
	step, err := sc.Next(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return step
}

// A cancelled question returns at once with ctx.Err(), still tagged with
// its generation, however much it asks.
func TestAnswerCancelled(t *testing.T) {
	t.Parallel()
	_, s, _ := syncedCopy(t, demo.Options{Count: 300})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	done := make(chan struct{})
	go func() {
		defer close(done)
		snap, rd, err := dataset.Answer(ctx, dataset.AnswerRequest{Question: question(t, nil), Window: dataset.Window{Limit: 100},
			Gen: 3, Store: s})
		if !errors.Is(err, context.Canceled) || snap.Gen != 3 || snap.Rows != nil {
			t.Errorf("cancelled: %v, generation %d, %d rows", err, snap.Gen, len(snap.Rows))
		}
		if n, err := rd.Exact(ctx); !errors.Is(err, context.Canceled) || n != 0 {
			t.Errorf("the exact count cancelled: %v, %d", err, n)
		}
		if sums, err := rd.Sums(ctx); !errors.Is(err, context.Canceled) || sums != nil {
			t.Errorf("the sums cancelled: %v, %v", err, sums)
		}
	}()
	select {
	case <-done:
	case <-time.After(30 * time.Second):
		t.Fatal("a cancelled answer did not return")
	}
}
