package ui

import (
	"context"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"donations/api/apitest"
	"donations/api/demo"
	"donations/dataset"
	"donations/query"
	"donations/store"
	"donations/textsafe"
)

// A one-letter search runs at once at any size. A letter so common that
// counting it would read every donation shows a screenful and says how
// many at least; the exact count follows and replaces it.
func TestACommonLetterSaysAtLeastUntilCounted(t *testing.T) {
	t.Parallel()
	skipShort(t)
	_, c, st := storeAccount(t, 4500) // "e" then has more instances than the store reads for a count
	d := newDriverWith(t, FromClient(c), Options{Store: dataset.Hold(st), Sync: syncWith(st, c)}, 120, 35)
	d.settle()
	d.keys("/")
	_, cmd := d.m.Update(tea.KeyPressMsg{Code: 'e', Text: "e"})
	d.run(cmd)
	d.until(func() bool { return d.m.data.shown.Answered() })
	s := d.m.data.shown
	exact, err := st.Count(context.Background(), query.Query{Filter: query.Filter{Search: "e"}})
	if err != nil {
		t.Fatal(err)
	}
	if !s.AtLeast() || s.Len() <= 0 || s.Len() > exact || s.At(0).Summary.ID.Value == 0 {
		t.Fatalf("first answer: count %d (at least %v, exact %d), first row %d", s.Len(), s.AtLeast(), exact, s.At(0).Summary.ID.Value)
	}
	d.mustShow("at least " + textsafe.Count(s.Len(), "match"))
	d.settle()
	if s.AtLeast() || s.Len() != exact {
		t.Fatalf("after the exact count: %d (at least %v), want %d", s.Len(), s.AtLeast(), exact)
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

// The footer's totals of a new search typed with a sync beside it come
// once its first screen is in (ui/views/list's
// TestTheSumsWaitForTheFirstScreen: not before it).
func TestTotalsFollowTheFirstScreen(t *testing.T) {
	t.Parallel()
	d, _ := searchBarOverAStore(t)
	_, cmd := d.m.Update(tea.KeyPressMsg{Code: 'e', Text: "e"})
	s := d.m.data.shown
	if s.Answered() {
		t.Fatal("on the key, the answer to the search before is kept")
	}
	d.run(cmd)
	d.settle()
	if sums, ok := s.Sums(); !ok || sums.Count == 0 {
		t.Errorf("after the first screen: totals for the question in force %v, %d gifts", ok, sums.Count)
	}
}

// The bar opens on the search in force, not on what was last typed in it:
// D drops the search for the donor's whole history, so / then starts empty
// and a letter typed searches for that letter alone.
func TestTheSearchBarOpensOnTheSearchInForce(t *testing.T) {
	t.Parallel()
	// What the bar shows is the search in force: one page (the race run)
	// has gifts with an e as three do.
	src, _ := demoSource(t, demo.Options{Count: apitest.Sized(300, 100)})
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

// A key typed in the bar changes the search at once, its answer comes
// later (a store busy with a sync's end can take minutes): meanwhile the
// rows of the search before stay, but the bar does not give their count
// as the new search's.
func TestASearchUnderWayGivesNoCountOfTheOneBefore(t *testing.T) {
	t.Parallel()
	d, st := searchBarOverAStore(t)
	d.mustShow("450 matches")
	_, cmd := d.m.Update(tea.KeyPressMsg{Code: 'q', Text: "q"})
	d.mustShow("/ q", "searching…")
	d.mustNotShow("450 matches")
	d.run(cmd)
	d.settle()
	n, err := st.Count(context.Background(), query.Query{Filter: query.Filter{Search: "q"}})
	if err != nil {
		t.Fatal(err)
	}
	d.mustShow("/ q", textsafe.Count(n, "match"))
	d.mustNotShow("searching…")
}

// searchBarOverAStore is the browser over a synced store of 450 gifts,
// a sync beside it, its quick-search bar open.
func searchBarOverAStore(t *testing.T) (*driver, *store.Store) {
	t.Helper()
	_, c, st := storeAccount(t, 450)
	d := newDriverWith(t, FromClient(c), Options{Store: dataset.Hold(st), Sync: syncWith(st, c)}, 120, 35)
	d.settle()
	d.keys("/")
	return d, st
}
