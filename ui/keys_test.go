package ui

import (
	"regexp"
	"testing"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"donations/api/apitest"
	"donations/api/demo"
	"donations/ui/uictx"
	"donations/ui/views/filter"
	"donations/ui/views/raw"
)

// A remapped key changes what the key does and every line that names it.
func TestRemappedKeyChangesBehaviourAndHelp(t *testing.T) {
	t.Parallel()
	src, _ := demoSource(t, demo.Options{Count: 10})
	d := newDriver(t, src, 200, 30) // wide enough for the whole key line
	d.m.ctx.Keys.List.Filter = uictx.Bind("F", "filters", "F")
	d.m.ctx.Keys.List.Raw = uictx.Bind("J", "raw JSON", "J")
	d.mustShow("F filters", "J raw JSON")
	d.mustNotShow("f filters")
	d.keys("f", "r")
	if d.m.focus != listID {
		t.Fatalf("the old keys still open a view: focus %q", d.m.focus)
	}
	d.keys("J")
	if d.m.focus != raw.ID {
		t.Fatalf("J did not open the raw view: focus %q", d.m.focus)
	}
	d.keys("esc", "F")
	if d.m.focus != filter.ID {
		t.Fatalf("F did not open the filter form: focus %q", d.m.focus)
	}
}

// probe is the smallest view: what a new view's file holds.
type probe struct {
	nav    uictx.Navigator
	opened bool
	got    []tea.Msg
}

type probeReply struct{}

func (p *probe) OpenKey() key.Binding     { return uictx.Bind("P", "probe", "P") }
func (p *probe) Open() (tea.Cmd, bool)    { p.opened = true; return nil, true }
func (p *probe) Place() uictx.Place       { return uictx.PlaceScreen }
func (p *probe) View() string             { return "probe view" }
func (p *probe) ShortHelp() []key.Binding { return nil }
func (p *probe) Update(msg tea.Msg) tea.Cmd {
	if k, ok := msg.(tea.KeyPressMsg); ok && key.Matches(k, uictx.Bind("esc", "back", "esc")) {
		p.nav.Back()
	}
	p.got = append(p.got, msg)
	return nil
}

// A view added with one line opens on its key from the list, draws under the
// header, gives the keys back, and gets its own replies whoever has the keys.
func TestANewViewIsOneLineInTheRoot(t *testing.T) {
	t.Parallel()
	src, _ := demoSource(t, demo.Options{Count: 10})
	d := newDriver(t, src, 100, 30)
	p := &probe{nav: navigator{d.m}}
	d.m.add("probe", p)
	d.keys("P")
	if !p.opened || d.m.focus != "probe" {
		t.Fatalf("P did not open the view: focus %q", d.m.focus)
	}
	d.mustShow("probe view", "donations demo")
	d.keys("esc")
	if d.m.focus != listID {
		t.Fatalf("esc did not give the keys back: focus %q", d.m.focus)
	}
	p.got = nil
	d.send(probeReply{})
	if len(p.got) != 1 {
		t.Errorf("the view's reply did not reach it while the list had the keys: %v", p.got)
	}
}

// The config's [keys] are applied after the views are made: a remapped
// scroll key scrolls every text that scrolls, and the insights' own d (by
// day) is not named in its help as scrolling too.
func TestRemappedScrollKeysScrollEveryView(t *testing.T) {
	t.Parallel()
	// One page: enough for each text to be taller than 12 lines.
	src, _ := demoSource(t, demo.Options{Count: 100})
	// Scrolling is the model's goroutine's: the race run (-short) scrolls
	// the report page, whose opening walks every page and reads a report.
	for _, tc := range apitest.Raced([]struct {
		name string
		open []string
	}{
		{"detail", []string{"enter"}},
		{"raw", []string{"r"}},
		{"insights", []string{"G", "i"}},
		{"report page", []string{"G", "i", "tab"}},
		{"help", []string{"?"}},
	}, 3) {
		t.Run(tc.name, func(t *testing.T) {
			d := newDriver(t, src, 80, 12)
			d.m.ctx.Keys.Scroll.Down = uictx.Bind("↓/J", "scroll down", "J")
			d.keys(tc.open...)
			before := d.screen()
			d.keys("J")
			if d.screen() == before {
				t.Errorf("J, remapped to scroll down, did not scroll:\n%s", before)
			}
		})
	}
	d := newDriver(t, src, 100, 50)
	d.keys("G", "i", "?")
	d.mustShow("by day")
	help := d.screen()
	for _, want := range []*regexp.Regexp{regexp.MustCompile(`(?m)^\s+ctrl\+d\s+half page down`), regexp.MustCompile(`\bd\s+by day`)} {
		if !want.MatchString(help) {
			t.Errorf("the insights' help does not match %v:\n%s", want, help)
		}
	}
	d.mustNotShow("d/ctrl+d")
}
