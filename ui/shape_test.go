package ui

import (
	"strings"
	"testing"
	"time"

	"donations/api/demo"
	"donations/ask"
	"donations/ui/uictx"
)

func TestRemapClashesAndUnknownNames(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		keys map[string][]string
		want string
	}{
		{map[string][]string{"list.filter": {"F"}}, ""},
		{map[string][]string{"list.filtr": {"F"}}, `"list.filtr" is not a key binding`},
		{map[string][]string{"list.filter": {"o"}}, `"o" is both list.filter and list.order`},
	} {
		km := uictx.NewKeyMap()
		err := km.Remap(tc.keys)
		if (err == nil) != (tc.want == "") || err != nil && !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: %v, want %q", tc.keys, err, tc.want)
		}
	}
}

// A config chooses the columns, the colours and the saved views; tab goes
// round the views.
func TestConfigShapesTheBrowser(t *testing.T) {
	t.Parallel()
	src, _ := demoSource(t, demo.Options{Count: 400})
	refunds, err := NewView("refunds", map[string]string{"status": "refunded", "sort": "-amount"}, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	d := newDriverWith(t, src, Options{Columns: []string{"amount", "donor"}, Views: []View{refunds},
		Theme: uictx.Theme{Mode: "light", Colors: map[string]string{"accent": "#FF8800"}}}, 120, 30)
	head := lines(d.screen())[1]
	if a, n := strings.Index(head, "AMOUNT"), strings.Index(head, "DONOR"); a < 0 || n < a || strings.Contains(head, "DATE") {
		t.Errorf("columns: %q", head)
	}
	if !strings.Contains(d.m.View().Content, "38;2;255;136;0") {
		t.Error("the accent colour is not the theme's")
	}
	d.keys("G", "tab")
	d.mustShow("[refunds]", "status=refunded", "by amount ↓")
	for _, r := range d.shownRows() {
		if r.Summary.Status.Value != "refunded" {
			t.Fatalf("donation %d is %s", r.Summary.ID.Value, r.Summary.Status.Value)
		}
	}
	d.keys("tab")
	d.mustShow("[all]")
	d.mustNotShow("status=refunded")
}

// memoryState keeps a state as a file would, for a test of what is kept.
type memoryState struct{ s *State }

func (m memoryState) Load() (State, error) {
	if m.s == nil {
		return State{}, nil
	}
	return *m.s, nil
}
func (m memoryState) Save(s State) error { *m.s = s; return nil }

// The next run starts from the view, filters, sort and order, but not from
// the previous caller: their e-mail, gift id and the quick search are left.
func TestTheBrowserRemembersOrderAndFiltersButNotTheCaller(t *testing.T) {
	t.Parallel()
	src, _ := demoSource(t, demo.Options{Count: 300})
	kept := memoryState{s: &State{}}
	d := newDriverWith(t, src, Options{State: kept}, 120, 30)
	d.keys("G", "f", "ada@example.org", "tab", "tab", "tab", "tab", "tab", "tab", "paid", "enter", "s", "a", "/", "mar", "enter")
	d.mustShow("email=ada@example.org", "status=paid")
	d.m.quit()
	if kept.s.Texts["email"] != "" || kept.s.Texts["search"] != "" || kept.s.Texts["status"] != "paid" {
		t.Errorf("saved %v", kept.s.Texts)
	}
	again := newDriverWith(t, src, Options{State: kept}, 120, 30)
	again.keys("G")
	again.mustShow("status=paid", "by amount ↓")
	again.mustNotShow("email=", "/ mar")
	if q := again.m.data.q; q.Has("search") || q.Has("email") || len(q.Filter.Statuses) != 1 {
		t.Errorf("restored %v", q.Texts)
	}
}

// A state file is data from disk: what does not read is dropped, with a
// note, and never sent or run.
func TestABadStateIsDroppedWithANote(t *testing.T) {
	t.Parallel()
	src, _ := demoSource(t, demo.Options{Count: 300})
	bad := memoryState{s: &State{Texts: ask.Texts{"status": "paid", "dates": "someday", "colour": "red"}, Sort: "nope"}}
	d := newDriverWith(t, src, Options{State: bad}, 120, 30)
	d.mustShow("The remembered filters were not all kept")
	if q := d.m.data.q; q.Sort != "" || q.Has("dates") || !q.Has("status") {
		t.Errorf("restored %v, sort %q", q.Texts, q.Sort)
	}
}

func TestViewNamesAreChecked(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ name, want string }{
		{"all", "always there"},
		{"ALL", "always there"},
		{"\x1b[2J", "no letter to show"},
		{"gifts\x1b[2J", "control characters"},
		{"   ", "no letter to show"},
	} {
		if _, err := NewView(tc.name, map[string]string{"status": "paid"}, time.Now()); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("view %q: %v; want %q", tc.name, err, tc.want)
		}
	}
}
