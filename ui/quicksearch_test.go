package ui

import (
	"context"
	"slices"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"donations/api"
	"donations/api/demo"
	"donations/dataset"
	"donations/store"
	"donations/textsafe"
)

// A one-letter search runs at once at any size. A letter so common that
// counting it would read every donation shows a screenful and says how
// many at least; the exact count follows and replaces it.
func TestACommonLetterSaysAtLeastUntilCounted(t *testing.T) {
	skipShort(t)
	_, c, st := storeAccount(t, 4500) // "e" then has more instances than the store reads for a count
	d := newDriverWith(t, FromClient(c), Options{Store: dataset.Hold(st), Sync: syncWith(st, c)}, 120, 35)
	d.settle()
	d.keys("/")
	_, cmd := d.m.Update(tea.KeyPressMsg{Code: 'e', Text: "e"})
	d.run(cmd)
	d.until(func() bool { return d.m.data.shown.answered() })
	s := &d.m.data.shown
	exact, err := st.Count(context.Background(), store.Query{Filter: store.Filter{Search: "e"}})
	if err != nil {
		t.Fatal(err)
	}
	if !s.atLeast || s.count <= 0 || s.count > exact || len(s.rows) == 0 {
		t.Fatalf("first answer: count %d (at least %v, exact %d), %d rows", s.count, s.atLeast, exact, len(s.rows))
	}
	d.mustShow("at least " + textsafe.Count(s.count, "match"))
	d.settle()
	if s.atLeast || s.count != exact {
		t.Fatalf("after the exact count: %d (at least %v), want %d", s.count, s.atLeast, exact)
	}
	d.mustShow(textsafe.Count(exact, "match"))
	if strings.Contains(d.screen(), "at least") {
		t.Errorf("the exact count still says at least:\n%s", d.screen())
	}
	d.keys("enter", "G")
	if d.m.list.cursor != exact-1 {
		t.Errorf("G: cursor %d of %d", d.m.list.cursor, exact)
	}
}

// Rows past the middle of a lower bound are read from the start: the
// other end of the order is not where a lower bound says it is.
func TestAWindowPastTheMiddleOfALowerBoundReadsOnward(t *testing.T) {
	_, c, st := storeAccount(t, 450)
	d := newDriverWith(t, FromClient(c), Options{Store: dataset.Hold(st), Sync: syncWith(st, c)}, 120, 35)
	d.settle()
	d.keys("/", "e")
	d.settle()
	q := store.Query{Filter: d.m.data.asked().Filter(), Sort: d.m.data.q.Sort, Desc: d.m.data.q.Desc}
	var want []int64
	err := st.Donations(context.Background(), q, 280, windowSize, func(d *api.Donation) error {
		want = append(want, d.ID.Value)
		return nil
	})
	s := &d.m.data.shown
	if err != nil || len(want) == 0 || s.count == 350 {
		t.Fatalf("%d rows past 280 of %d, %v", len(want), s.count, err)
	}
	// As a quick count of a common word would leave it: a lower bound.
	s.count, s.atLeast, s.rows = 350, true, nil
	cmd := d.m.data.askWindow(280+windowSize/3, d.m.ctx.Layout.ListHeight)
	if cmd == nil {
		t.Fatal("no window asked for past the middle")
	}
	d.m.data.onShown(cmd().(shownMsg))
	var got []int64
	for _, r := range s.rows {
		got = append(got, r.Summary.ID.Value)
	}
	if s.from != 280 || !slices.Equal(got, want) {
		t.Errorf("rows from %d of a lower bound of 350: %v, want %v", s.from, got, want)
	}
}

// The footer's totals of a new search are added up after its first
// screen: begun with the key, a pass over every donation ran beside it.
func TestTotalsWaitForTheFirstScreen(t *testing.T) {
	_, c, st := storeAccount(t, 450)
	d := newDriverWith(t, FromClient(c), Options{Store: dataset.Hold(st), Sync: syncWith(st, c)}, 120, 35)
	d.settle()
	d.keys("/")
	_, cmd := d.m.Update(tea.KeyPressMsg{Code: 'e', Text: "e"})
	s := &d.m.data.shown
	if s.answered() || s.sumsBusy {
		t.Fatalf("on the key: answered %v, totals under way %v", s.answered(), s.sumsBusy)
	}
	d.run(cmd)
	d.settle()
	if s.sumsGen != s.gen || s.sums.Count == 0 {
		t.Errorf("after the first screen: totals for gen %d of %d, %d gifts", s.sumsGen, s.gen, s.sums.Count)
	}
}

// The bar opens on the search in force, not on what was last typed in it:
// D drops the search for the donor's whole history, so / then starts empty
// and a letter typed searches for that letter alone.
func TestTheSearchBarOpensOnTheSearchInForce(t *testing.T) {
	src, _ := demoSource(t, demo.Options{Count: 300})
	d := newDriver(t, src, 120, 35)
	d.keys("/", "ada", "enter")
	d.keys("D", "x", "/")
	if got := d.m.search.View(); strings.Contains(got, "ada") {
		t.Fatalf("after D and x, / shows the dropped search: %q", got)
	}
	d.keys("e")
	if got := d.m.data.q.Texts["search"]; got != "e" {
		t.Errorf("one letter typed: the search is %q, want %q", got, "e")
	}
	if d.m.data.Len() == 0 {
		t.Error("a search for e finds nothing")
	}
	d.keys("esc")
	d.keys("/")
	if got := d.m.search.View(); strings.Contains(got, "/ e") {
		t.Errorf("after Esc cleared it, / shows %q", got)
	}
}
