package ui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"donations/api/demo"
	"donations/ask"
	"donations/dataset"
	"donations/textsafe"
	"donations/ui/uictx"
	"donations/ui/views/detail"
	"donations/ui/views/help"
)

// At 80×24 the ? screen shows every list key, drawn from the key map, and
// scrolls to the rest; no line is wider than the terminal.
func TestHelpShowsEveryKeyAt80x24(t *testing.T) {
	t.Parallel()
	src, _ := demoSource(t, demo.Options{})
	d := newDriver(t, src, 80, 24)
	d.keys("?")
	seen := d.screen()
	for range 10 {
		d.send(tea.KeyPressMsg{Code: tea.KeyPgDown})
		seen += d.screen()
		if d.m.focus != help.ID {
			t.Fatal("scrolling the help closed it")
		}
	}
	for _, group := range d.m.ctx.Keys.List.FullHelp() {
		for _, b := range group {
			if !strings.Contains(seen, b.Help().Key+" ") || !strings.Contains(seen, b.Help().Desc) {
				t.Errorf("help at 80×24 lacks %q %q:\n%s", b.Help().Key, b.Help().Desc, d.screen())
			}
		}
	}
	for _, l := range lines(d.screen()) {
		if textsafe.Width(l) > 80 {
			t.Errorf("line of %d cells: %q", textsafe.Width(l), l)
		}
	}
	d.keys("z")
	if d.m.focus != listID {
		t.Error("any other key goes back")
	}
}

// From the detail, n/p and ]/[ move to the neighbouring gift without closing it.
func TestDetailNextAndPrevious(t *testing.T) {
	t.Parallel()
	src, _ := demoSource(t, demo.Options{})
	d := newDriver(t, src, 100, 30)
	d.keys("enter")
	for _, step := range []struct {
		key    string
		cursor int
	}{{"n", 1}, {"]", 2}, {"p", 1}, {"[", 0}, {"p", 0}} {
		d.keys(step.key)
		if d.m.focus != detail.ID || d.m.list.cursor != step.cursor {
			t.Fatalf("after %s: focus %v cursor %d, want the detail on row %d", step.key, d.m.focus, d.m.list.cursor, step.cursor)
		}
		id := d.m.list.selectedRow().Summary.ID.Value
		d.mustShow("Donation " + uictx.Itoa(id))
	}
}

// ctrl+d and ctrl+u move the list half a screen; pgdn a whole one.
func TestHalfPageKeys(t *testing.T) {
	t.Parallel()
	src, _ := demoSource(t, demo.Options{})
	d := newDriver(t, src, 100, 30)
	half := d.m.ctx.Layout.ListHeight / 2
	d.send(tea.KeyPressMsg{Code: 'd', Mod: tea.ModCtrl})
	if d.m.list.cursor != half {
		t.Fatalf("ctrl+d: cursor %d, want %d", d.m.list.cursor, half)
	}
	d.send(tea.KeyPressMsg{Code: 'd', Mod: tea.ModCtrl})
	d.send(tea.KeyPressMsg{Code: 'u', Mod: tea.ModCtrl})
	if d.m.list.cursor != half {
		t.Fatalf("ctrl+d ctrl+d ctrl+u: cursor %d, want %d", d.m.list.cursor, half)
	}
	d.keys("?")
	d.mustShow("ctrl+d", "half page down", "ctrl+u", "half page up")
}

// v hides the detail pane on a wide screen: the list takes the width, and
// enter then opens the detail full-screen; v again brings the pane back.
func TestHideDetailPane(t *testing.T) {
	t.Parallel()
	src, _ := demoSource(t, demo.Options{})
	d := newDriver(t, src, 140, 35)
	d.mustShow("│Donation ")
	d.keys("v")
	if d.m.ctx.Layout.Wide || d.m.ctx.Layout.ListWidth != 140 {
		t.Fatalf("after v: wide %v list width %d", d.m.ctx.Layout.Wide, d.m.ctx.Layout.ListWidth)
	}
	d.mustNotShow("│Donation ")
	d.keys("enter")
	d.mustShow("Donation ")
	d.keys("esc", "v")
	d.mustShow("│Donation ")
}

// At 80×24 the footer shortens rather than cuts: whole currencies and
// statuses, then how many more; the key line keeps ? and q and drops the
// least needed bindings whole.
func TestFooterShortensAt80(t *testing.T) {
	t.Parallel()
	src, _ := demoSource(t, demo.Options{})
	d := newDriver(t, src, 80, 24)
	ls := lines(d.screen())
	totals, keys := ls[len(ls)-2], ls[len(ls)-1]
	if !strings.Contains(totals, "+") || strings.Contains(totals, "…") {
		t.Errorf("totals at 80 should name what they leave out, not cut: %q", totals)
	}
	if strings.Contains(keys, "…") || !strings.Contains(keys, "? all keys") || !strings.Contains(keys, "q quit") {
		t.Errorf("key line at 80 should keep ? and q and cut no binding: %q", keys)
	}
	for _, l := range []string{totals, keys} {
		if textsafe.Width(l) > 80 {
			t.Errorf("line of %d cells: %q", textsafe.Width(l), l)
		}
	}
}

func TestFitParts(t *testing.T) {
	t.Parallel()
	more := func(n int) string { return "+" + uictx.Itoa(int64(n)) }
	for _, tc := range []struct {
		width int
		want  string
	}{{100, "USD 10 · EUR 5 · GBP 1"}, {17, "USD 10 · EUR 5 +1"}, {10, "USD 10 +2"}, {3, "+3"}, {1, ""}} {
		if got := uictx.FitParts([]string{"USD 10", "EUR 5", "GBP 1"}, tc.width, more); got != tc.want {
			t.Errorf("fitParts(width %d) = %q, want %q", tc.width, got, tc.want)
		}
	}
}

// At 60×12 the filter form scrolls: the field being typed into is always on
// the screen, with what is typed in it.
func TestFilterFormKeepsTheFocusedFieldInView(t *testing.T) {
	t.Parallel()
	src, _ := demoSource(t, demo.Options{})
	d := newDriver(t, src, 60, 12)
	d.keys("f")
	n := 0 // the form's fields: every form row of the question's table
	for _, f := range ask.Fields {
		if f.Form {
			n++
		}
	}
	for i := 0; i < n; i++ {
		typed := "x" + uictx.Itoa(int64(i))
		d.keys(typed)
		s := d.screen()
		if !strings.Contains(s, "> ") || !strings.Contains(s, typed) {
			t.Fatalf("field %d of %d: the focused field is off the screen:\n%s", i+1, n, s)
		}
		if len(lines(s)) > 12 {
			t.Fatalf("%d lines on a 12-line screen", len(lines(s)))
		}
		d.keys("tab")
	}
	d.keys("shift+tab")
	d.mustShow("x" + uictx.Itoa(int64(n-1)))
}

// Below the smallest size the message says so, and fits the screen itself.
func TestTooSmallMessageFits(t *testing.T) {
	t.Parallel()
	src, _ := demoSource(t, demo.Options{})
	d := newDriver(t, src, 30, 6)
	s := d.screen()
	if !strings.Contains(s, "30×6") || len(lines(s)) > 6 {
		t.Errorf("message does not fit 30×6:\n%s", s)
	}
	for _, l := range lines(s) {
		if textsafe.Width(l) > 30 {
			t.Errorf("line of %d cells: %q", textsafe.Width(l), l)
		}
	}
}

// The header's chips shorten to fit, and a value is never cut: name=value,
// then the value alone, then the last ones counted; the message line names
// every filter.
func TestHeaderChipsShortenWithoutCuttingAValue(t *testing.T) {
	t.Parallel()
	_, c, st := storeAccount(t, 300)
	for _, tc := range []struct {
		width int
		want  []string
	}{
		{140, []string{"dates=2026-10-01..2026-10-31", "status=refunded", "amount=10..100"}},
		{100, []string{"2026-10-01..2026-10-31", "refunded", "10..100"}},
		{80, []string{"2026-10-01..2026-10-31", "+2 filters"}},
	} {
		d := newDriverWith(t, FromClient(c), Options{Store: dataset.Hold(st), Sync: syncWith(st, c)}, tc.width, 24)
		d.settle()
		d.keys("f", "tab", "tab", "tab", "tab", "tab", "2026-10-01..2026-10-31", "tab", "refunded", "tab", "10..100", "enter")
		head := lines(d.screen())[0]
		for _, w := range tc.want {
			if !strings.Contains(head, w) {
				t.Errorf("%d columns: the header %q lacks %q", tc.width, head, w)
			}
		}
		if strings.Contains(head, "…") || !strings.Contains(head, "shown") {
			t.Errorf("%d columns: the header is cut: %q", tc.width, head)
		}
		d.mustShow("dates, status, amount: applied here")
	}
}
