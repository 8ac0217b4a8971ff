package ui

import (
	"regexp"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"donations/api/apitest"
	"donations/api/demo"
	"donations/ui/uictx"
	"donations/ui/views/detail"
	"donations/ui/views/donors"
	"donations/ui/views/exporter"
	"donations/ui/views/filter"
	"donations/ui/views/help"
	"donations/ui/views/insights"
	"donations/ui/views/live"
	"donations/ui/views/logview"
	"donations/ui/views/raw"
	"donations/ui/views/search"
)

// ? from every view shows that view's keys first, then those that work
// everywhere, and Esc gives the keys back to the view as it was: its
// cursor, its scroll, its page.
func TestHelpFromEveryViewShowsItsKeysAndGoesBack(t *testing.T) {
	t.Parallel()
	// One page: each view has rows to move in; the keys are what is checked.
	srv := demo.New(demo.Options{Count: 100})
	c := demoClient(t, srv)
	// The help is drawn and left on the model's goroutine, each view's
	// loads are other tests' too: the race run (-short) opens the help over
	// the report page, whose opening walks every page and reads a report.
	for _, tc := range apitest.Raced([]struct {
		name  string
		keys  []string // open the view and move in it
		id    uictx.ViewID
		title string
		key   string // a key only this view's help names
	}{
		{"list", []string{"j", "j"}, listID, "The list", "reverse order"},
		{"detail", []string{"enter", "j", "j"}, detail.ID, "A gift's detail", "previous gift"},
		{"raw", []string{"r", "j", "j"}, raw.ID, "Raw JSON", "copy as curl"},
		{"donors", []string{"G", "d", "j", "j", "n"}, donors.ID, "Donors", "by last gift"},
		{"insights", []string{"G", "i", "j", "j"}, insights.ID, "Insights", "by week"},
		{"report page", []string{"G", "i", "tab", "j"}, insights.ID, "Insights · ", "year before"},
		{"live", []string{"L"}, live.ID, "Live", "stop watching"},
		{"request log", []string{"l", "g"}, logview.ID, "Request log", "oldest"},
	}, 5) {
		t.Run(tc.name, func(t *testing.T) {
			d := newDriverWith(t, FromClient(c), Options{Live: liveWith(c)}, 100, 50) // tall enough for the whole help
			d.keys(tc.keys...)
			if d.m.focus != tc.id {
				t.Fatalf("%v opened %q, want %q", tc.keys, d.m.focus, tc.id)
			}
			before := d.screen()
			d.keys("?")
			if d.m.focus != help.ID {
				t.Fatalf("? left the keys with %q", d.m.focus)
			}
			d.mustShow(tc.title, tc.key, "Everywhere", "these keys, from any view")
			help := d.screen()
			if strings.Index(help, tc.title) > strings.Index(help, "Everywhere") {
				t.Errorf("the view's keys come after the global ones:\n%s", help)
			}
			if tc.id != listID {
				d.mustNotShow("The list", "reverse order")
			}
			d.keys("esc")
			if d.m.focus != tc.id {
				t.Fatalf("esc gave the keys to %q, want %q", d.m.focus, tc.id)
			}
			if tc.id == live.ID { // Live's checks go on: its clock may move
				d.mustShow("Live since")
				return
			}
			if after := d.screen(); after != before {
				t.Errorf("after the help the view shows\n%s\nwant, as it was,\n%s", after, before)
			}
		})
	}
}

// Where a text field has the keys ? is a character typed, not the help.
func TestQuestionMarkIsTextInAField(t *testing.T) {
	t.Parallel()
	src, _ := demoSource(t, demo.Options{Count: 30})
	for _, tc := range []struct {
		name string
		keys []string
		id   uictx.ViewID
	}{
		{"filter form", []string{"f", "ada?"}, filter.ID},
		{"quick search", []string{"/", "ada?"}, search.ID},
		{"raw search", []string{"r", "/", "ada?"}, raw.ID},
		{"export path", []string{"e", "ada?"}, exporter.ID},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := newDriver(t, src, 100, 30)
			d.keys(tc.keys...)
			if d.m.focus != tc.id {
				t.Fatalf("? moved the keys to %q, want %q", d.m.focus, tc.id)
			}
			d.mustShow("ada?")
			d.mustNotShow("Everywhere")
		})
	}
}

// ? remapped in the config opens the help from every view, and the old
// key is no longer it; a remap onto a key a view uses is refused.
func TestRemappedHelpKey(t *testing.T) {
	t.Parallel()
	src, _ := demoSource(t, demo.Options{Count: 30})
	d := newDriver(t, src, 100, 30)
	d.m.ctx.Keys.List.Help = uictx.Bind("f1", "all keys", "f1")
	d.keys("enter", "?")
	if d.m.focus != detail.ID {
		t.Fatalf("the old ? still opens the help: focus %q", d.m.focus)
	}
	d.send(tea.KeyPressMsg{Code: tea.KeyF1})
	if d.m.focus != help.ID {
		t.Fatalf("f1 did not open the help from the detail: focus %q", d.m.focus)
	}
	d.mustShow("A gift's detail", "f1     these keys, from any view")
	km := uictx.NewKeyMap()
	if err := km.Remap(map[string][]string{"list.help": {"n"}}); err == nil || !strings.Contains(err.Error(), "detail.next") {
		t.Errorf("help on n, the detail's next gift: %v", err)
	}
}

// g and G scroll the detail to its top and bottom; its help names them.
func TestDetailTopAndBottom(t *testing.T) {
	t.Parallel()
	src, _ := demoSource(t, demo.Options{Count: 30})
	d := newDriver(t, src, 80, 24)
	d.keys("enter", "G")
	d.mustShow("Donation id")
	d.mustNotShow("Donation 1")
	d.keys("g")
	d.mustShow("Donation 1")
	d.mustNotShow("Donation id")
	d.keys("end", "home")
	d.mustShow("Donation 1")
	d.keys("?")
	for _, want := range []*regexp.Regexp{regexp.MustCompile(`(?m)^\s+g\s+top\b`), regexp.MustCompile(`(?m)^\s+G\s+bottom\b`)} {
		if !want.MatchString(d.screen()) {
			t.Errorf("the help lacks %s:\n%s", want, d.screen())
		}
	}
}

// In the pane beside the list at 120 columns an e-mail that fits on a line
// of its own is never split ("david.smith698@example." / "com").
func TestDetailPaneKeepsAnEmailWhole(t *testing.T) {
	t.Parallel()
	src, _ := demoSource(t, demo.Options{Count: 300})
	d := newDriver(t, src, 120, 35)
	long := 0
	for range 20 {
		email := d.m.list.selectedRow().Summary.Email.Value
		if len(email) > d.m.ctx.Layout.PaneWidth-detailLabel {
			long++
		}
		if !strings.Contains(ansi.Strip(d.m.detail.View()), "  "+email) {
			t.Fatalf("the pane does not show %q whole:\n%s", email, d.screen())
		}
		d.keys("j")
	}
	if long == 0 {
		t.Fatal("no e-mail was too long to sit beside its label: the test proves nothing")
	}
}

// detailLabel is the cells the detail's labels take, with the space after.
const detailLabel = 21
