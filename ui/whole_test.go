package ui

import (
	"context"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"donations/api"
	"donations/api/apitest"
	"donations/api/demo"
	"donations/ask"
	"donations/dataset"
	"donations/query"
	"donations/store"
	"donations/textsafe"
	"donations/ui/uictx"
	"donations/ui/views/donors"
	"donations/ui/views/insights"
)

// With --demo's wiring (a store in memory that the background sync fills),
// the list's count, the footer and the insights give, for every question,
// the numbers of every donation of the account that the question keeps:
// never those of what happened to be loaded.
func TestEveryAnswerIsOverTheWholeAccount(t *testing.T) {
	skipShort(t)
	t.Parallel()
	for _, sh := range apitest.RacedShapes() {
		t.Run(sh.Name, func(t *testing.T) {
			t.Parallel()
			everyAnswerIsOverTheWholeAccount(t, sh)
		})
	}
}

func everyAnswerIsOverTheWholeAccount(t *testing.T, sh apitest.Shape) {
	// Ten pages: every question below keeps gifts of several of them (a
	// few dozen at least), so an answer over only what was loaded first
	// differs from the whole account's.
	srv := demo.New(sh.Of(demo.Options{Count: 1000}))
	c := demoClient(t, srv)
	all := apitest.Every(t, c)
	whole := wholeStore(t, all)
	mem, err := store.Memory(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { mem.Close() })
	d := newDriverWith(t, FromClient(c), Options{Store: dataset.Hold(mem), Sync: StoreSyncer(dataset.Hold(mem), c, dataset.SyncOptions{Concurrency: 4})}, 120, 35)
	now := d.m.ctx.Now()
	for _, texts := range []ask.Texts{
		{},
		{"status": "paid"},
		{"dates": "last month", "status": "paid"},
		{"dates": "this year", "tribute": "yes"},
		where(all[0], "recurring", "no"),
		{"amount": "100..", "currency": "EUR"},
		{"search": "lef"},
	} {
		q, errs := ask.Read(texts, now)
		if errs != nil {
			t.Fatal(errs)
		}
		d.run(d.m.list.ask(q))
		d.settle()
		d.run(d.m.open(insights.ID))
		d.settle()
		want := wholeSums(t, whole, q)
		ins := d.m.children[insights.ID].(*insights.View).Facts()
		total, count := insights.SumOf(ins.Statuses, "USD")
		switch {
		case want.count == 0:
			t.Errorf("%v: no donation of the account; pick a question that tells", texts)
		case d.m.data.partial() != "":
			t.Errorf("%v: the answer says %q after the sync", texts, d.m.data.partial())
		case d.m.data.Len() != want.count || d.m.data.sums().Count != want.count:
			t.Errorf("%v: the list counts %d, the footer %d; the account has %d", texts, d.m.data.Len(), d.m.data.sums().Count, want.count)
		case d.m.data.sums().Converted["USD"].Compare(want.usd) != 0:
			t.Errorf("%v: the footer says USD %s converted; the account has %s", texts, d.m.data.sums().Converted["USD"], want.usd)
		case count != want.count || total.Compare(want.usd) != 0:
			t.Errorf("%v: the insights say %d and USD %s; the account has %d and %s", texts, count, total, want.count, want.usd)
		}
		d.m.back()
	}
}

// where is a question of the form of d, or of its campaign where the shape
// names no form (Donorbox's), with the field and value given.
func where(d api.Donation, field, value string) ask.Texts {
	if form := d.FormName.Value; form != "" {
		return ask.Texts{"form": form, field: value}
	}
	return ask.Texts{"campaign": d.CampaignName.Value, field: value}
}

type sums struct {
	count int
	usd   api.Decimal
}

// wholeStore is every donation of all put in a store of its own, which the
// test's answers are checked against: built once, read for each question.
func wholeStore(t *testing.T, all []api.Donation) *store.Store {
	t.Helper()
	st, err := store.Memory(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	if _, err := st.Put(context.Background(), all); err != nil {
		t.Fatal(err)
	}
	return st
}

// wholeSums adds up the donations q keeps of whole (a wholeStore), read
// with the store's own filter: their count and what they add up to in
// USD, as apitest.NetOf counts each (converted, or in its own currency,
// less the part refunded).
func wholeSums(t *testing.T, whole *store.Store, q ask.Question) sums {
	t.Helper()
	var s sums
	err := whole.Donations(context.Background(), query.Query{Filter: q.Store(true)}, 0, -1, func(d *api.Donation) error {
		s.count++
		if g, ok := apitest.NetOf(t, d); ok && g.Currency == "USD" {
			s.usd = s.usd.Add(api.ScaledDecimal(g.Net, 4))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// Over a store a first sync filled only in part, every number says in
// words what it covers: the header, the footer, the insights and the
// donors; and the newest month, which a first sync fills first, is whole.
func TestAPartialStoreSaysSoEverywhere(t *testing.T) {
	t.Parallel()
	for _, sh := range apitest.RacedShapes() {
		t.Run(sh.Name, func(t *testing.T) { aPartialStoreSaysSoEverywhere(t, sh) })
	}
}

func aPartialStoreSaysSoEverywhere(t *testing.T, sh apitest.Shape) {
	// The sync stops after 5 pages of 20, or of 10 in the race run
	// (-short): a part either way, with the newest month whole.
	count := 2000
	if testing.Short() {
		count = 1000
	}
	_, c, st := storeAccountOf(t, sh.Of(demo.Options{Count: count}))
	first := firstMonth(t, apitest.Every(t, c))
	ctx, cancel := context.WithCancel(context.Background())
	_, err := dataset.Sync(ctx, st, c, dataset.SyncOptions{OnProgress: func(p dataset.Progress) {
		if p.Done >= 5 {
			cancel()
		}
	}})
	if err == nil {
		t.Fatal("the sync was not cut short")
	}
	held, err := st.Holds(context.Background(), api.DateRange{})
	if err != nil || held.Complete || held.All == 0 {
		t.Fatalf("the store holds %+v, %v: want a part", held, err)
	}
	d := newDriverWith(t, FromClient(c), Options{Store: dataset.Hold(st)}, 160, 35)
	note := "partial: " + uictx.Commas(held.All) + " of ≈" + uictx.Commas(held.About) + " loaded"
	d.mustShow(note, note+": Σ")
	d.keys("i")
	d.mustShow("Insights", note)
	// At 80 columns the title is cut: what is cut is not its partial note.
	d.send(tea.WindowSizeMsg{Width: 80, Height: 24})
	if title := lines(d.screen())[2]; !strings.Contains(title, "Insights") || !strings.Contains(title, "partial:") {
		t.Errorf("the insights' title at 80 columns lost its partial note: %q", title)
	}
	d.send(tea.WindowSizeMsg{Width: 160, Height: 35})
	d.keys("esc", "d")
	d.mustShow("Donors", note)
	d.keys("esc")
	// The account's first month, not held yet: its empty list says that
	// nothing held matches, not that no donation does.
	d.keys("f", "tab", "tab", "tab", "tab", "tab", first, "enter")
	d.mustShow("None of what the store holds so far matches; it does not hold every donation yet.")
	d.mustNotShow("No donation matches")
	newest, err := api.PresetRange("30 days", demo.End)
	if err != nil {
		t.Fatal(err)
	}
	if h, err := st.Holds(context.Background(), newest); err != nil || !h.Complete {
		t.Fatalf("the newest days are not held whole after 5 pages: %+v, %v", h, err)
	}
}

// firstMonth is the month of the account's first gift, as the filter
// form takes it ("2023-11-01..2023-11-30").
func firstMonth(t *testing.T, all []api.Donation) string {
	t.Helper()
	at, err := time.Parse(time.RFC3339Nano, all[0].DonationDate.Value)
	if err != nil {
		t.Fatal(err)
	}
	start := time.Date(at.Year(), at.Month(), 1, 0, 0, 0, 0, time.UTC)
	return start.Format(time.DateOnly) + ".." + start.AddDate(0, 1, -1).Format(time.DateOnly)
}

// A quick search left from before, that hides what a new filter finds, is
// named as the reason the list is empty.
func TestASearchThatHidesAFilterSaysSo(t *testing.T) {
	t.Parallel()
	// A failed gift of at most 10 that the search hides is in five pages
	// as in fifteen.
	src, _ := demoSource(t, demo.Options{Count: 500})
	d := newDriver(t, src, 120, 30)
	d.keys("/", "zoe lef", "enter", "f", "tab", "tab", "tab", "tab", "tab", "tab", "failed", "tab", "..10", "enter")
	failed := d.m.data.shown.Hidden()
	if failed == 0 {
		t.Fatal("pick a filter that finds donations the search hides")
	}
	d.mustShow("The quick search /zoe lef hides the " + textsafe.Count(failed, "donation") + " the rest finds.")
	d.keys("esc")
	if d.m.data.Len() != failed {
		t.Errorf("without the search, %d rows; the filters find %d", d.m.data.Len(), failed)
	}
}

// Insights and donors opened while the background sync of --demo runs read
// again as it stores more: when it ends, their numbers are the whole
// account's, not those of the moment they were opened (their label stops
// saying "partial" then).
func TestOpenViewsCatchUpWithTheSync(t *testing.T) {
	t.Parallel()
	// The views open after the sync's first page, with the rest to come:
	// six pages leave five in the race run (-short), where each page
	// stored costs ten times as much.
	count := 1500
	if testing.Short() {
		count = 600
	}
	for _, id := range []uictx.ViewID{insights.ID, donors.ID} {
		srv := demo.New(demo.Options{Count: count, Latency: 20 * time.Millisecond})
		c := demoClient(t, srv)
		mem, err := store.Memory(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { mem.Close() })
		m := New(FromClient(c), Options{Account: "demo", Location: time.UTC, Store: dataset.Hold(mem), Sync: StoreSyncer(dataset.Hold(mem), c, dataset.SyncOptions{})})
		d := &driver{t: t, m: m, msgs: make(chan tea.Msg, 1024)}
		d.run(m.Init())
		_, cmd := m.Update(tea.WindowSizeMsg{Width: 120, Height: 35})
		d.run(cmd)
		d.until(func() bool { return m.data.sync.progress.Done > 0 })
		if m.data.partial() == "" {
			t.Fatal("the sync ended before the view was opened: make it slower")
		}
		k := m.children[id].OpenKey().Keys()[0]
		_, cmd = m.Update(tea.KeyPressMsg{Code: rune(k[0]), Text: k})
		d.run(cmd)
		d.settle()
		switch v := m.children[id].(type) {
		case *insights.View:
			if _, n := insights.SumOf(v.Facts().Statuses, "USD"); n != count || v.Note() != "" {
				t.Errorf("insights after the sync: %d donations, note %q; want %d, whole", n, v.Note(), count)
			}
		case *donors.View:
			// The donors of the gifts that count: the paid ones.
			whole, err := mem.DonorCount(context.Background(), query.Filter{Statuses: store.PaidStatuses})
			if err != nil || v.Total() != whole {
				t.Errorf("donors after the sync: %d, the store has %d (%v)", v.Total(), whole, err)
			}
		}
	}
}
